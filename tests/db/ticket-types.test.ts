import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent, insertParticipant, insertPayment } from './support/fixtures';

// Ticket types per event (issue 28, supabase/migrations/20261129010000_ticket_types.sql): counts
// per type priced as booked, a code off their sum, each type's own capacity, reductions per type,
// staff changes and moves, and who reads what.

interface Booked {
  participant_id: string;
  reference: string;
  manage_token: string;
  status: string;
}

interface Types {
  adult: string;
  child: string;
}

async function addTypes(db: Session, eventId: string, childCapacity: number | null = null): Promise<Types> {
  const rows = await db.query<{ id: string; name: string }>(
    `insert into public.event_ticket_types (event_id, name, price, capacity, note, position)
     values ($1, 'Erwachsene', 45, null, '', 0), ($1, 'Kinder (5–12)', 25, $2, '5 bis 12 Jahre', 1)
     returning id, name`,
    [eventId, childCapacity],
  );
  return {
    adult: rows.find((row) => row.name === 'Erwachsene')!.id,
    child: rows.find((row) => row.name !== 'Erwachsene')!.id,
  };
}

function book(
  db: Session,
  eventId: string,
  persons: number,
  tickets: Record<string, number> | null,
  options: { code?: string; email?: string; method?: string } = {},
) {
  return db.as<{ result: Booked }>(
    service,
    `select public.register_for_event($1, 'Tina Ticket', $2, '+41 79 123 45 67', $3, '', null, $4,
       '{}'::jsonb, null, null, $5, $6::jsonb) as result`,
    [
      eventId,
      options.email ?? 'tina@example.ch',
      options.method ?? 'onsite',
      persons,
      options.code ?? null,
      tickets === null ? null : JSON.stringify(tickets),
    ],
  );
}

async function money(db: Session, participantId: string) {
  const [row] = await db.query<{ owed: number; excess: number }>(
    'select owed_cents as owed, excess_cents as excess from private.booking_money($1)',
    [participantId],
  );
  return row!;
}

async function tickets(db: Session, participantId: string) {
  return db.query<{ name: string; persons: number; price_cents: number }>(
    'select name, persons, price_cents from public.booking_tickets where participant_id = $1 order by position',
    [participantId],
  );
}

describe('mixed types with a percent code', () => {
  it('2 Erwachsene and 1 Kind with 10 % off owe CHF 103.50; the check, the booking, the page and the mail agree', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      await db.query(`insert into public.discount_codes (code, percent) values ('FAMILIE10', 10)`);
      const counts = { [types.adult]: 2, [types.child]: 1 };

      const checked = await db.as<{ r: { discount_cents: number; total_cents: number } }>(
        anon,
        'select public.check_discount_code($1, $2, 3, $3::jsonb) as r',
        [event.id, 'FAMILIE10', JSON.stringify(counts)],
      );
      expect(checked.error).toBeNull();
      expect(checked.rows[0]!.r).toMatchObject({ discount_cents: 1150, total_cents: 10350 });

      const booked = await book(db, event.id, 3, counts, { code: 'FAMILIE10' });
      expect(booked.error).toBeNull();
      const { participant_id, reference, manage_token } = booked.rows[0]!.result;
      expect(await money(db, participant_id)).toMatchObject({ owed: 10350 });
      expect(await tickets(db, participant_id)).toEqual([
        { name: 'Erwachsene', persons: 2, price_cents: 4500 },
        { name: 'Kinder (5–12)', persons: 1, price_cents: 2500 },
      ]);

      const view = await db.as<{ v: Record<string, unknown> }>(
        anon,
        'select public.booking_by_token($1, $2) as v',
        [reference, manage_token],
      );
      expect(view.rows[0]!.v).toMatchObject({
        amount_cents: 10350,
        discount: { cents: 1150 },
        tickets: [
          { name: 'Erwachsene', persons: 2, price_cents: 4500, ticket_type_id: types.adult },
          { name: 'Kinder (5–12)', persons: 1, price_cents: 2500, ticket_type_id: types.child },
        ],
        total_cents_by_persons: null,
      });

      // The confirmation mail was queued by the booking's insert: it already read the tickets.
      const [mail] = await db.query<{
        payload: { participant: Record<string, unknown>; money: { owedCents: number } };
      }>(
        `select payload from public.mail_outbox where participant_id = $1 and kind = 'participant_confirmation'`,
        [participant_id],
      );
      expect(mail!.payload.money.owedCents).toBe(10350);
      expect(mail!.payload.participant).toMatchObject({
        tickets: [
          { name: 'Erwachsene', persons: 2 },
          { name: 'Kinder (5–12)', persons: 1 },
        ],
        discount: { cents: 1150, totalCents: 10350 },
      });

      // The booked value counts each booking by its tickets.
      const admin = await db.createUser({ admin: true });
      const stats = await db.as<{ s: { booked_cents: number; discount_cents: number } }>(
        admin,
        'select public.admin_dashboard_stats() as s',
      );
      expect(stats.rows[0]!.s.booked_cents).toBeGreaterThanOrEqual(11500);
      const row = await db.as<{ tickets: unknown; code_discount_cents: number }>(
        admin,
        'select tickets, code_discount_cents from public.admin_bookings where id = $1',
        [participant_id],
      );
      // The door names who comes in.
      const [{ code }] = (await db.query<{ code: string }>('select private.booking_ticket($1) as code', [
        participant_id,
      ])) as [{ code: string }];
      const door = await db.as<{ a: { tickets: unknown } }>(
        admin,
        'select public.admin_ticket_booking($1, $2) as a',
        [code, event.id],
      );
      expect(door.rows[0]!.a.tickets).toEqual([
        { ticket_type_id: types.adult, name: 'Erwachsene', persons: 2, price_cents: 4500 },
        { ticket_type_id: types.child, name: 'Kinder (5–12)', persons: 1, price_cents: 2500 },
      ]);
      expect(row.rows[0]).toMatchObject({
        code_discount_cents: 1150,
        tickets: [
          { name: 'Erwachsene', persons: 2 },
          { name: 'Kinder (5–12)', persons: 1 },
        ],
      });
    }));

  it('an event with types takes tickets summing to the persons, of its own types only', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      const other = await insertEvent(db, { price: 45 });
      const otherTypes = await addTypes(db, other.id);
      const refusals = [
        await book(db, event.id, 2, null),
        await book(db, event.id, 3, { [types.adult]: 2 }),
        await book(db, event.id, 2, { [types.adult]: 1, [otherTypes.child]: 1 }),
        await book(db, event.id, 1, { [types.adult]: 1.5 }),
        await book(db, event.id, 0, { [types.adult]: 0 }),
      ];
      for (const refusal of refusals) expect(refusal.error?.message).toMatch(/INVALID_INPUT/);
      // An event without types takes no tickets.
      const plain = await insertEvent(db, { price: 45 });
      expect((await book(db, plain.id, 1, { [types.adult]: 1 })).error?.message).toBe('INVALID_INPUT');
      expect((await book(db, plain.id, 2, null)).error).toBeNull();
    }));
});

describe("a type's own capacity", () => {
  it('Kinder limited to 2: a third child is refused with the type named, the choices say what is left', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id, 2);
      expect((await book(db, event.id, 2, { [types.adult]: 1, [types.child]: 1 })).error).toBeNull();
      const refused = await book(db, event.id, 2, { [types.child]: 2 }, { email: 'zwei@example.ch' });
      expect(refused.error?.message).toBe('TICKET_TYPE_SOLD_OUT');
      expect(refused.error?.detail).toBe('Kinder (5–12): 1');
      const choices = await db.as<{ name: string; seats_left: number | null; note: string }>(
        anon,
        'select name, seats_left, note from public.event_ticket_choices($1)',
        [event.id],
      );
      expect(choices.rows).toEqual([
        { name: 'Erwachsene', seats_left: null, note: '' },
        { name: 'Kinder (5–12)', seats_left: 1, note: '5 bis 12 Jahre' },
      ]);
    }));
});

describe('reductions per type', () => {
  it("one child less refunds the child's price minus its share of the discount (CHF 22.50)", () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      await db.query(`insert into public.discount_codes (code, percent) values ('FAMILIE10', 10)`);
      const booked = (
        await book(db, event.id, 3, { [types.adult]: 2, [types.child]: 1 }, { code: 'FAMILIE10' })
      ).rows[0]!.result;
      await insertPayment(db, booked.participant_id, 10350);
      const reduced = await db.as(anon, 'select public.change_booking($1, $2, 2, $3::jsonb)', [
        booked.reference,
        booked.manage_token,
        JSON.stringify({ [types.child]: 0 }),
      ]);
      expect(reduced.error).toBeNull();
      // 2 × 45.00 − 10 % = 81.00 owed; 25.00 − 2.50 = 22.50 beyond it.
      const after = await db.query<{ owed: number; back: number }>(
        'select owed_cents as owed, excess_cents + refunded_cents as back from private.booking_money($1)',
        [booked.participant_id],
      );
      expect(after[0]).toEqual({ owed: 8100, back: 2250 });
      expect(await tickets(db, booked.participant_id)).toEqual([
        { name: 'Erwachsene', persons: 2, price_cents: 4500 },
        { name: 'Kinder (5–12)', persons: 0, price_cents: 2500 },
      ]);
    }));

  it('a reduction must name the types, never raise one, and sum to the persons', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      const booked = (await book(db, event.id, 3, { [types.adult]: 2, [types.child]: 1 })).rows[0]!.result;
      for (const [persons, counts] of [
        [2, null],
        [2, { [types.child]: 2, [types.adult]: 0 }],
        [2, { [types.adult]: 0 }],
      ] as const) {
        const refused = await db.as(anon, 'select public.change_booking($1, $2, $3, $4::jsonb)', [
          booked.reference,
          booked.manage_token,
          persons,
          counts === null ? null : JSON.stringify(counts),
        ]);
        expect(refused.error?.message).toBe('INVALID_INPUT');
      }
    }));

  it('persons and tickets never drift apart, even written directly', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      const booked = (await book(db, event.id, 3, { [types.adult]: 2, [types.child]: 1 })).rows[0]!.result;
      await db.query('savepoint direct');
      await db.query('update public.participants set persons = 2 where id = $1', [booked.participant_id]);
      await expect(db.query('set constraints all immediate')).rejects.toThrow('INVALID_INPUT');
      await db.query('rollback to savepoint direct');
    }));
});

describe('the team changes tickets', () => {
  it('sets the count per type (capacity respected unless overridden) and a move reprices by name', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id, 1);
      const booked = (await book(db, event.id, 2, { [types.adult]: 1, [types.child]: 1 })).rows[0]!.result;

      const tooMany = await db.as(admin, 'select public.admin_change_persons($1, 3, false, $2::jsonb)', [
        booked.participant_id,
        JSON.stringify({ [types.adult]: 1, [types.child]: 2 }),
      ]);
      expect(tooMany.error?.message).toBe('TICKET_TYPE_SOLD_OUT');
      const noTickets = await db.as(admin, 'select public.admin_change_persons($1, 3)', [
        booked.participant_id,
      ]);
      expect(noTickets.error?.message).toBe('INVALID_INPUT');
      const changed = await db.as(admin, 'select public.admin_change_persons($1, 3, false, $2::jsonb)', [
        booked.participant_id,
        JSON.stringify({ [types.adult]: 2, [types.child]: 1 }),
      ]);
      expect(changed.error).toBeNull();
      expect(await money(db, booked.participant_id)).toMatchObject({ owed: 11500 });

      const plain = await insertEvent(db, { price: 45 });
      const differ = await db.as(admin, 'select public.admin_move_booking($1, $2)', [
        booked.participant_id,
        plain.id,
      ]);
      expect(differ.error?.message).toBe('TICKET_TYPES_DIFFER');

      // A move checks the target's types by the same rule: its one child seat is taken.
      const full = await insertEvent(db, { price: 45, startInDays: 30 });
      const fullTypes = await addTypes(db, full.id, 1);
      await book(db, full.id, 1, { [fullTypes.child]: 1 }, { email: 'kind@example.ch' });
      const noRoom = await db.as(admin, 'select public.admin_move_booking($1, $2)', [
        booked.participant_id,
        full.id,
      ]);
      expect(noRoom.error).toMatchObject({ message: 'TICKET_TYPE_SOLD_OUT', detail: 'Kinder (5–12): 0' });

      const later = await insertEvent(db, { price: 45, startInDays: 40 });
      await db.query(
        `insert into public.event_ticket_types (event_id, name, price, position)
         values ($1, 'Erwachsene', 50, 0), ($1, 'Kinder (5–12)', 20, 1)`,
        [later.id],
      );
      const moved = await db.as(admin, 'select public.admin_move_booking($1, $2)', [
        booked.participant_id,
        later.id,
      ]);
      expect(moved.error).toBeNull();
      expect(await money(db, booked.participant_id)).toMatchObject({ owed: 12000 });
    }));

  it('a booked type cannot be deleted; an unbooked one can', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      await book(db, event.id, 1, { [types.adult]: 1 });
      const booked = await db.as(admin, 'delete from public.event_ticket_types where id = $1', [types.adult]);
      expect(booked.error?.message).toBe('TICKET_TYPE_BOOKED');
      const free = await db.as(admin, 'delete from public.event_ticket_types where id = $1', [types.child]);
      expect(free.error).toBeNull();
    }));
});

describe('who reads and writes types', () => {
  it('visitors read the types of published events only, and write nothing; booked tickets are staff-only', () =>
    inRolledBackTransaction(async (db) => {
      const published = await insertEvent(db, { price: 45 });
      const draft = await insertEvent(db, { price: 45, status: 'draft' });
      await addTypes(db, published.id);
      await addTypes(db, draft.id);
      const user = await db.createUser();
      // The listing's 'ab' price: the lowest paid type, read under the types' own RLS.
      const from = await db.as<{ from: string | null }>(
        anon,
        'select public.ticket_price_from(e) as from from public.events e where e.id = $1',
        [published.id],
      );
      expect(Number(from.rows[0]!.from)).toBe(25);
      for (const actor of [anon, user]) {
        const read = await db.as<{ event_id: string }>(
          actor,
          'select event_id from public.event_ticket_types where event_id = any($1)',
          [[published.id, draft.id]],
        );
        expect(new Set(read.rows.map((row) => row.event_id))).toEqual(new Set([published.id]));
        const write = await db.as(
          actor,
          `insert into public.event_ticket_types (event_id, name, price) values ($1, 'Gratis', 0)`,
          [published.id],
        );
        expect(write.error).not.toBeNull();
        const booked = await db.as(actor, 'select * from public.booking_tickets');
        expect(booked.error !== null || booked.rows.length === 0).toBe(true);
      }
    }));

  it('the fondue hut has no ticket types (its price is the group’s)', () =>
    inRolledBackTransaction(async (db) => {
      const hut = await insertEvent(db, { price: 300, category: 'fondue', status: 'draft' });
      await expect(
        db.query(
          `insert into public.event_ticket_types (event_id, name, price) values ($1, 'Erwachsene', 45)`,
          [hut.id],
        ),
      ).rejects.toThrow('INVALID_INPUT');
    }));
});

describe('the waiting list of an event with types', () => {
  it('the offer names the types and the claim books the offered persons as counts per type', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45, max_participants: 2 });
      const types = await addTypes(db, event.id);
      const full = await insertParticipant(db, event.id, { persons: 2, email: 'voll@example.ch' });
      const joined = await db.as(
        service,
        `select public.join_waitlist($1, 'Wanda Warte', 'wanda@example.ch', '+41 79 123 45 67', 2)`,
        [event.id],
      );
      expect(joined.error).toBeNull();
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [full.id]);
      const [mail] = await db.query<{ token: string }>(
        `select payload ->> 'claimToken' as token from public.mail_outbox
          where kind = 'waitlist_offer' and recipient = 'wanda@example.ch'`,
      );
      const link = await db.as<{ link: { event: { ticket_types: { id: string; name: string }[] } } }>(
        anon,
        'select public.waitlist_link($1) as link',
        [mail!.token],
      );
      expect(link.rows[0]!.link.event.ticket_types.map((type) => type.name)).toEqual([
        'Erwachsene',
        'Kinder (5–12)',
      ]);

      const withoutTickets = await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, [
        mail!.token,
      ]);
      expect(withoutTickets.error?.message).toBe('INVALID_INPUT');
      const claim = await db.as<{ receipt: { participant_id: string } }>(
        anon,
        `select public.claim_waitlist_offer($1, 'onsite', null, $2::jsonb) as receipt`,
        [mail!.token, JSON.stringify({ [types.adult]: 1, [types.child]: 1 })],
      );
      expect(claim.error).toBeNull();
      expect(await money(db, claim.rows[0]!.receipt.participant_id)).toMatchObject({ owed: 7000 });
    }));
});

describe('a code for some ticket types (by name, in every event that has them)', () => {
  function check(
    db: Session,
    eventId: string,
    code: string,
    persons: number,
    counts: Record<string, number> | null,
  ) {
    return db.as<{ r: { discount_cents: number; total_cents: number; ticket_types: string[] } }>(
      anon,
      'select public.check_discount_code($1, $2, $3, $4::jsonb) as r',
      [eventId, code, persons, counts === null ? null : JSON.stringify(counts)],
    );
  }

  it('50 % for Kinder comes off the children only; the check, the booking, the page and the mail agree', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      // Another case and no dash: the names are compared trimmed and case-insensitively.
      await db.query(
        `insert into public.discount_codes (code, percent, ticket_types) values ('KIDS50', 50, '{"kinder (5–12)"}')`,
      );
      const counts = { [types.adult]: 2, [types.child]: 1 };
      // 2 × 45.00 + 25.00 − 50 % of 25.00 = 102.50.
      const checked = await check(db, event.id, 'KIDS50', 3, counts);
      expect(checked.error).toBeNull();
      expect(checked.rows[0]!.r).toMatchObject({
        discount_cents: 1250,
        total_cents: 10250,
        ticket_types: ['kinder (5–12)'],
      });

      const booked = await book(db, event.id, 3, counts, { code: 'KIDS50' });
      expect(booked.error).toBeNull();
      const { participant_id, reference, manage_token } = booked.rows[0]!.result;
      expect(await money(db, participant_id)).toMatchObject({ owed: checked.rows[0]!.r.total_cents });
      const view = await db.as<{ v: Record<string, unknown> }>(
        anon,
        'select public.booking_by_token($1, $2) as v',
        [reference, manage_token],
      );
      expect(view.rows[0]!.v).toMatchObject({ amount_cents: 10250, discount: { cents: 1250 } });
      const [mail] = await db.query<{ payload: { participant: { discount: unknown } } }>(
        `select payload from public.mail_outbox where participant_id = $1 and kind = 'participant_confirmation'`,
        [participant_id],
      );
      expect(mail!.payload.participant.discount).toMatchObject({ cents: 1250, totalCents: 10250 });
    }));

  it('a fixed amount takes at most the lines of its types (CHF 30.00 for one child at CHF 25.00)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      await db.query(
        `insert into public.discount_codes (code, amount_cents, ticket_types) values ('KIND30', 3000, '{"Kinder (5–12)"}')`,
      );
      const counts = { [types.adult]: 1, [types.child]: 1 };
      const checked = await check(db, event.id, 'KIND30', 2, counts);
      expect(checked.rows[0]!.r).toMatchObject({ discount_cents: 2500, total_cents: 4500 });
      const booked = await book(db, event.id, 2, counts, { code: 'KIND30' });
      expect(await money(db, booked.rows[0]!.result.participant_id)).toMatchObject({ owed: 4500 });
    }));

  it('is refused, by the check and the booking alike, without a line of its types (and at events without types)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const untyped = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      await db.query(
        `insert into public.discount_codes (code, percent, ticket_types) values ('KIDS50', 50, '{"Kinder (5–12)",Mitglied}')`,
      );
      const adultsOnly = { [types.adult]: 2 };
      const checked = await check(db, event.id, 'KIDS50', 2, adultsOnly);
      expect(checked.error).toMatchObject({
        message: 'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE',
        detail: 'Kinder (5–12), Mitglied',
      });
      expect((await book(db, event.id, 2, adultsOnly, { code: 'KIDS50' })).error?.message).toBe(
        'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE',
      );
      expect((await check(db, untyped.id, 'KIDS50', 1, null)).error?.message).toBe(
        'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE',
      );
      expect((await book(db, untyped.id, 1, null, { code: 'KIDS50' })).error?.message).toBe(
        'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE',
      );
      const [count] = await db.query<{ n: number }>(
        'select count(*)::int as n from public.participants where event_id = any ($1)',
        [[event.id, untyped.id]],
      );
      expect(count!.n).toBe(0);
      const [message] = await db.query<{ visitor_message: string }>(
        `select visitor_message from public.error_codes where code = 'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE'`,
      );
      expect(message!.visitor_message).toBe('Code gilt nicht für diese Ticketart.');
    }));

  it('names must be trimmed, 1 to 60 characters, none twice (whatever the case)', () =>
    inRolledBackTransaction(async (db) => {
      for (const names of ['{" Kinder"}', '{""}', '{Kinder,KINDER}', `{${'x'.repeat(61)}}`]) {
        const insert = await db.as(
          service,
          `insert into public.discount_codes (code, percent, ticket_types) values ('FALSCH', 10, $1)`,
          [names],
        );
        expect(insert.error?.message, names).toMatch(/discount_codes_ticket_types_check/);
      }
    }));

  it("a reduction refunds an adult's full price and a child's price less its share of the children's discount", () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await addTypes(db, event.id);
      await db.query(
        `insert into public.discount_codes (code, percent, ticket_types) values ('KIDS50', 50, '{"Kinder (5–12)"}')`,
      );
      const booked = (await book(db, event.id, 4, { [types.adult]: 2, [types.child]: 2 }, { code: 'KIDS50' }))
        .rows[0]!.result;
      // 2 × 45.00 + 2 × 25.00 − 50 % of 50.00 = 115.00
      expect(await money(db, booked.participant_id)).toMatchObject({ owed: 11500 });
      await insertPayment(db, booked.participant_id, 11500);
      const back = async () =>
        (
          await db.query<{ owed: number; back: number }>(
            'select owed_cents as owed, excess_cents + refunded_cents as back from private.booking_money($1)',
            [booked.participant_id],
          )
        )[0];

      const lessAdult = await db.as(anon, 'select public.change_booking($1, $2, 3, $3::jsonb)', [
        booked.reference,
        booked.manage_token,
        JSON.stringify({ [types.adult]: 1 }),
      ]);
      expect(lessAdult.error).toBeNull();
      expect(await back()).toEqual({ owed: 7000, back: 4500 });

      const lessChild = await db.as(anon, 'select public.change_booking($1, $2, 2, $3::jsonb)', [
        booked.reference,
        booked.manage_token,
        JSON.stringify({ [types.child]: 1 }),
      ]);
      expect(lessChild.error).toBeNull();
      // 45.00 + 25.00 − 12.50 = 57.50 owed; 25.00 − 12.50 = 12.50 more back.
      expect(await back()).toEqual({ owed: 5750, back: 5750 });
    }));
});
