import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, inRolledBackTransaction, removeEvents, service, type Session } from './support/db';
import { daysFromToday, insertEvent } from './support/fixtures';

// Gift vouchers, the redeeming half (issue 28, supabase/migrations/20261129060000_gift_vouchers.sql):
// the team issues one, a booking redeems what it can as a payment with method 'voucher', the rest
// is paid by card; a cancellation refunds the card part through Stripe and returns the voucher's
// part to the voucher; two bookings with one voucher at once spend it once.

interface Booked {
  participant_id: string;
  reference: string;
  manage_token: string;
  status: string;
}

interface Voucher {
  id: string;
  code: string;
  balance_cents: number;
  valid_until: string;
}

async function issue(db: Session, valueCents: number, options: { kind?: string; title?: string } = {}) {
  const admin = await db.createUser({ admin: true });
  const issued = await db.as<Voucher>(
    admin,
    `select id, code, balance_cents, valid_until::text from public.admin_issue_gift_voucher($1, $2, $3, 'Gina', '', 'Wettbewerb')`,
    [options.kind ?? 'value', valueCents, options.title ?? ''],
  );
  expect(issued.error).toBeNull();
  return { voucher: issued.rows[0]!, admin };
}

function book(
  db: Session,
  eventId: string,
  persons: number,
  options: {
    voucher?: string;
    code?: string;
    tickets?: Record<string, number>;
    method?: string;
    email?: string;
  },
) {
  return db.as<{ result: Booked }>(
    service,
    `select public.register_for_event($1, 'Vera Voucher', $2, '+41 79 123 45 67', $3, '', null, $4,
       '{}'::jsonb, null, null, $5, $6::jsonb, $7) as result`,
    [
      eventId,
      options.email ?? 'vera@example.ch',
      options.method ?? 'stripe',
      persons,
      options.code ?? null,
      options.tickets ? JSON.stringify(options.tickets) : null,
      options.voucher ?? null,
    ],
  );
}

async function money(db: Session, participantId: string) {
  const [row] = await db.query<{ owed: number; paid: number; open: number; method: string | null }>(
    `select owed_cents as owed, paid_cents as paid, open_cents as open, paid_method as method
       from private.booking_money($1)`,
    [participantId],
  );
  return row!;
}

async function balance(db: Session, voucherId: string) {
  const [row] = await db.query<{ balance_cents: number }>(
    'select balance_cents from public.gift_vouchers where id = $1',
    [voucherId],
  );
  return row!.balance_cents;
}

/** The card pays what is open, the way Stripe's webhook reports it. */
async function payByCard(db: Session, participantId: string, openCents: number) {
  const session = `cs_test_${participantId.slice(0, 8)}`;
  const recorded = await db.as(
    service,
    `select public.record_checkout_session($1, $2, 'https://checkout.stripe.com/c/pay/x', now() + interval '30 minutes')`,
    [participantId, session],
  );
  expect(recorded.error).toBeNull();
  const completed = await db.as<{ outcome: string }>(
    service,
    `select public.complete_checkout($1, $2, $3, $4, 'chf', 'card') as outcome`,
    [`evt_${participantId.slice(0, 8)}`, session, `pi_test_${participantId.slice(0, 8)}`, openCents],
  );
  expect(completed.error).toBeNull();
  expect(completed.rows[0]!.outcome).not.toBe('mismatch');
}

describe('issuing', () => {
  it('gives a long random code, the settings’ validity, the full value; only admins issue and read', () =>
    inRolledBackTransaction(async (db) => {
      const { voucher } = await issue(db, 15000);
      expect(voucher.code).toMatch(/^GS(-[A-HJ-NP-Z2-9]{4}){5}$/);
      expect(voucher.balance_cents).toBe(15000);
      const [expected] = await db.query<{ d: string }>(
        `select ((now() at time zone 'Europe/Zurich')::date + interval '3 years')::date::text as d`,
      );
      expect(voucher.valid_until).toBe(expected!.d);

      const visitor = await db.createUser();
      const refused = await db.as(visitor, `select public.admin_issue_gift_voucher('value', 5000)`);
      expect(refused.error?.code).toBe('42501');
      const hidden = await db.as(visitor, 'select code from public.gift_vouchers');
      expect(hidden.rows).toEqual([]);
      const direct = await db.as(
        visitor,
        `update public.gift_vouchers set balance_cents = 100000 where id = $1`,
        [voucher.id],
      );
      expect(direct.error?.code).toBe('42501');
    }));

  it('an offer voucher needs its title', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const refused = await db.as(admin, `select public.admin_issue_gift_voucher('offer', 9000, '  ')`);
      expect(refused.error?.code).toBe('23514');
    }));
});

describe('the balance check', () => {
  it('finds a code however it is typed, says why one cannot be used, and is for the service role only', () =>
    inRolledBackTransaction(async (db) => {
      const { voucher, admin } = await issue(db, 5000);
      const typed = voucher.code.toLowerCase().replaceAll('-', ' ');
      const found = await db.as<{ r: { balance_cents: number } }>(
        service,
        'select public.check_gift_voucher($1) as r',
        [typed],
      );
      expect(found.error).toBeNull();
      expect(found.rows[0]!.r).toMatchObject({ balance_cents: 5000, kind: 'value' });

      const unknown = await db.as(service, 'select public.check_gift_voucher($1)', [
        'GS-AAAA-AAAA-AAAA-AAAA-AAAA',
      ]);
      expect(unknown.error?.message).toBe('GIFT_VOUCHER_UNKNOWN');
      const visitor = await db.as(anonActor, 'select public.check_gift_voucher($1)', [voucher.code]);
      expect(visitor.error?.code).toBe('42501');

      await db.as(admin, `select public.admin_void_gift_voucher($1, 'Doppelt ausgestellt')`, [voucher.id]);
      const voided = await db.as(service, 'select public.check_gift_voucher($1)', [voucher.code]);
      expect(voided.error?.message).toBe('GIFT_VOUCHER_VOID');

      const expired = (await issue(db, 5000)).voucher;
      await db.query(`update public.gift_vouchers set valid_until = current_date - 2 where id = $1`, [
        expired.id,
      ]);
      const late = await db.as(service, 'select public.check_gift_voucher($1)', [expired.code]);
      expect(late.error?.message).toBe('GIFT_VOUCHER_EXPIRED');
    }));
});

const anonActor = { kind: 'anon' } as const;

describe('redeeming in a booking', () => {
  it('2 Erwachsene and 1 Kind, 10 % off, CHF 50 voucher: the card pays CHF 53.50; cancelled, CHF 50 return to the voucher', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const types = await db.query<{ id: string; name: string }>(
        `insert into public.event_ticket_types (event_id, name, price, position)
         values ($1, 'Erwachsene', 45, 0), ($1, 'Kinder', 25, 1) returning id, name`,
        [event.id],
      );
      const tickets = Object.fromEntries(types.map((type) => [type.id, type.name === 'Erwachsene' ? 2 : 1]));
      await db.query(`insert into public.discount_codes (code, percent) values ('FAMILIE10', 10)`);
      const { voucher, admin } = await issue(db, 5000);

      const booked = await book(db, event.id, 3, { voucher: voucher.code, code: 'FAMILIE10', tickets });
      expect(booked.error).toBeNull();
      const { participant_id, reference, manage_token, status } = booked.rows[0]!.result;
      // 2 × 45 + 25 = 115.00, less 10 % = 103.50; the voucher pays 50.00, the card the rest.
      expect(status).toBe('held');
      expect(await money(db, participant_id)).toMatchObject({ owed: 10350, paid: 5000, open: 5350 });
      expect(await balance(db, voucher.id)).toBe(0);

      // The confirmation mail queued by the booking's insert already knows the voucher's part.
      const [mail] = await db.query<{ payload: { participant: { voucher: unknown } } }>(
        `select payload from public.mail_outbox where participant_id = $1 and kind = 'participant_confirmation'`,
        [participant_id],
      );
      expect(mail!.payload.participant.voucher).toEqual({ cents: 5000, openCents: 5350 });

      await payByCard(db, participant_id, 5350);
      expect(await money(db, participant_id)).toMatchObject({ open: 0, method: 'card' });

      const cancelled = await db.as(anonActor, 'select public.change_booking($1, $2, 0)', [
        reference,
        manage_token,
      ]);
      expect(cancelled.error).toBeNull();
      const refunds = await db.query<{ kind: string; amount_cents: number; state: string }>(
        `select kind, amount_cents, state from public.refund_requests
          where participant_id = $1 and kind <> 'expire_checkout' order by kind`,
        [participant_id],
      );
      expect(refunds).toEqual([
        { kind: 'stripe_refund', amount_cents: 5350, state: 'queued' },
        { kind: 'voucher_return', amount_cents: 5000, state: 'done' },
      ]);
      expect(await balance(db, voucher.id)).toBe(5000);
      // The manage page tells money back apart from the voucher's part.
      const view = await db.as<{ v: Record<string, unknown> }>(
        anonActor,
        'select public.booking_by_token($1, $2) as v',
        [reference, manage_token],
      );
      expect(view.rows[0]!.v).toMatchObject({
        refunded_cents: 10350,
        voucher_cents: 0,
        voucher_returned_cents: 5000,
      });

      // The visitor is told where the voucher's part went; no credit note for it.
      const [returned] = await db.query<{ payload: { refund: Record<string, unknown> } }>(
        `select payload from public.mail_outbox
          where participant_id = $1 and kind = 'refund_issued' and payload #>> '{refund,method}' = 'voucher'`,
        [participant_id],
      );
      expect(returned!.payload.refund).toMatchObject({
        amountCents: 5000,
        method: 'voucher',
        voucher: { code: voucher.code, balanceCents: 5000 },
      });
      expect(returned!.payload).not.toHaveProperty('receipt');

      const uses = await db.as<{ kind: string; amount_cents: number; reference: string }>(
        admin,
        'select kind, amount_cents, reference from public.admin_gift_voucher_uses($1)',
        [voucher.id],
      );
      expect(uses.rows).toEqual([
        { kind: 'redeemed', amount_cents: 5000, reference },
        { kind: 'returned', amount_cents: 5000, reference },
      ]);
    }));

  it('a voucher worth more than the booking pays it all (booked at once) and keeps the rest', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const { voucher } = await issue(db, 15000);
      const booked = await book(db, event.id, 2, { voucher: voucher.code });
      expect(booked.error).toBeNull();
      const { participant_id, status } = booked.rows[0]!.result;
      expect(status).toBe('confirmed');
      expect(await money(db, participant_id)).toMatchObject({
        owed: 9000,
        paid: 9000,
        open: 0,
        method: 'voucher',
      });
      expect(await balance(db, voucher.id)).toBe(6000);
    }));

  it('a refused booking leaves the voucher untouched; an unusable voucher refuses the booking', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45, max_participants: 2 });
      const { voucher, admin } = await issue(db, 5000);
      const tooMany = await book(db, event.id, 3, { voucher: voucher.code });
      expect(tooMany.error?.message).toBe('NOT_ENOUGH_SEATS');
      expect(await balance(db, voucher.id)).toBe(5000);

      await db.as(admin, `select public.admin_void_gift_voucher($1, '')`, [voucher.id]);
      const voided = await book(db, event.id, 1, { voucher: voucher.code });
      expect(voided.error?.message).toBe('GIFT_VOUCHER_VOID');

      const free = await insertEvent(db, { price: 0, payment_methods: ['free'] });
      const other = (await issue(db, 5000)).voucher;
      const notNeeded = await book(db, free.id, 1, { voucher: other.code, method: 'free' });
      expect(notNeeded.error?.message).toBe('GIFT_VOUCHER_NOT_NEEDED');
    }));

  it('an online booking whose hold lapses gives the voucher its part back', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 80 });
      const { voucher } = await issue(db, 3000);
      const booked = (await book(db, event.id, 1, { voucher: voucher.code })).rows[0]!.result;
      expect(await balance(db, voucher.id)).toBe(0);
      await db.query(
        `update public.participants set hold_expires_at = now() - interval '1 minute' where id = $1`,
        [booked.participant_id],
      );
      const released = await db.as<{ n: number }>(service, 'select public.release_expired_holds() as n');
      expect(released.error).toBeNull();
      expect(await balance(db, voucher.id)).toBe(3000);
      const [row] = await db.query<{ status: string }>(
        'select status from public.participants where id = $1',
        [booked.participant_id],
      );
      expect(row!.status).toBe('expired');
    }));
});

describe('one voucher, two bookings at once', () => {
  const created: string[] = [];
  let admin: pg.Client | undefined;
  let voucherId: string | undefined;
  afterAll(async () => {
    if (!admin) return;
    await removeEvents(admin, created);
    if (voucherId) await admin.query('delete from public.gift_vouchers where id = $1', [voucherId]);
    await admin.end();
  });

  it('is spent once: one booking gets the whole balance, the other is refused', async () => {
    admin = await connect();
    // Two events, so only the voucher's row lock (not the event's) stands between the bookings.
    for (let index = 0; index < 2; index += 1) {
      const { rows } = await admin.query<{ id: string }>(
        `insert into public.events (title, status, start_date, max_participants, price, payment_methods)
         values ('Gutschein-Ansturm', 'published', ${daysFromToday(30)}, 10, 60, array['onsite']) returning id`,
      );
      created.push(rows[0]!.id);
    }
    const { rows: issued } = await admin.query<{ id: string; code: string }>(
      `insert into public.gift_vouchers (code, kind, value_cents, balance_cents, valid_until, source)
       values (private.new_gift_voucher_code(), 'value', 5000, 5000, current_date + 30, 'staff') returning id, code`,
    );
    voucherId = issued[0]!.id;
    const code = issued[0]!.code;

    const clients = await Promise.all(created.map(() => connect()));
    try {
      const outcomes = await Promise.all(
        clients.map(async (client, index) => {
          try {
            await client.query('begin');
            await client.query('set local role service_role');
            await client.query(
              `select public.register_for_event($1, 'Gast', $2, '+41 79 123 45 67', 'onsite', '', null, 1, '{}'::jsonb,
                 null, null, null, null, $3)`,
              [created[index], `gast${index}@example.ch`, code],
            );
            await client.query('commit');
            return 'booked';
          } catch (error) {
            await client.query('rollback');
            return (error as Error).message;
          }
        }),
      );
      expect(outcomes.sort()).toEqual(['GIFT_VOUCHER_EMPTY', 'booked']);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const { rows } = await admin.query<{ balance_cents: number; spent: number }>(
      `select g.balance_cents, (select sum(y.amount_cents)::int from public.payments y where y.gift_voucher_id = g.id) as spent
         from public.gift_vouchers g where g.id = $1`,
      [voucherId],
    );
    expect(rows[0]).toEqual({ balance_cents: 0, spent: 5000 });
  });
});

describe('mailing a voucher', () => {
  it('queues the mail with the voucher for its day (08:00 in Zurich); void vouchers and visitors are refused', () =>
    inRolledBackTransaction(async (db) => {
      const { voucher, admin } = await issue(db, 15000);
      const [day] = await db.query<{ d: string }>(
        `select ((now() at time zone 'Europe/Zurich')::date + 1)::text as d`,
      );
      const sent = await db.as<{ id: string }>(
        admin,
        'select public.admin_send_gift_voucher($1, $2, $3::date) as id',
        [voucher.id, ' gina@example.ch ', day!.d],
      );
      expect(sent.error).toBeNull();
      const [mail] = await db.query<{
        recipient: string;
        due: string;
        payload: { voucher: Record<string, unknown> };
      }>(
        `select recipient, to_char(next_attempt_at at time zone 'Europe/Zurich', 'YYYY-MM-DD HH24:MI') as due, payload
           from public.mail_outbox where id = $1 and kind = 'gift_voucher'`,
        [sent.rows[0]!.id],
      );
      expect(mail).toMatchObject({ recipient: 'gina@example.ch', due: `${day!.d} 08:00` });
      expect(mail!.payload.voucher).toMatchObject({
        code: voucher.code,
        valueCents: 15000,
        recipientName: 'Gina',
      });
      const [row] = await db.query<{ mailed_to: string; mail_on: string }>(
        'select mailed_to, mail_on::text from public.gift_vouchers where id = $1',
        [voucher.id],
      );
      expect(row).toEqual({ mailed_to: 'gina@example.ch', mail_on: day!.d });

      const badAddress = await db.as(admin, 'select public.admin_send_gift_voucher($1, $2)', [
        voucher.id,
        'gina',
      ]);
      expect(badAddress.error?.message).toBe('INVALID_INPUT');
      const visitor = await db.createUser();
      const refused = await db.as(visitor, 'select public.admin_send_gift_voucher($1, $2)', [
        voucher.id,
        'x@example.ch',
      ]);
      expect(refused.error?.code).toBe('42501');
      await db.as(admin, `select public.admin_void_gift_voucher($1, '')`, [voucher.id]);
      const voided = await db.as(admin, 'select public.admin_send_gift_voucher($1, $2)', [
        voucher.id,
        'gina@example.ch',
      ]);
      expect(voided.error?.message).toBe('GIFT_VOUCHER_VOID');
    }));
});

describe('the books', () => {
  it("count a voucher's part apart from money received, its return not as a refund; open balances are a debt", () =>
    inRolledBackTransaction(async (db) => {
      // One snapshot for the whole test: vouchers other test files commit meanwhile stay out of it.
      await db.query('set transaction isolation level repeatable read');
      const { voucher, admin } = await issue(db, 15000);
      const liability = async () => {
        const outcome = await db.as<{ open_cents: string; open_count: number; expired_cents: string }>(
          admin,
          'select * from public.admin_gift_voucher_liability()',
        );
        expect(outcome.error).toBeNull();
        return outcome.rows[0]!;
      };
      // Issued: CHF 150 open. Then 2 × CHF 45 of it spent, then returned, then expired.
      const before = await liability();

      const event = await insertEvent(db, { price: 45 });
      const booked = (await book(db, event.id, 2, { voucher: voucher.code, method: 'onsite' })).rows[0]!
        .result;
      const eventRow = async () => {
        const outcome = await db.as<Record<string, string>>(
          admin,
          `select booked_cents, received_cents, voucher_cents, refunded_cents, open_cents
             from public.admin_finance_report(current_date - 1, current_date + 1)
            where scope = 'event' and event_id = $1`,
          [event.id],
        );
        expect(outcome.error).toBeNull();
        return outcome.rows[0]!;
      };
      expect(await eventRow()).toEqual({
        booked_cents: '9000',
        received_cents: '0',
        voucher_cents: '9000',
        refunded_cents: '0',
        open_cents: '0',
      });
      const spent = await liability();
      expect(Number(spent.open_cents) - Number(before.open_cents)).toBe(-9000);

      await db.as(anonActor, 'select public.change_booking($1, $2, 0)', [
        booked.reference,
        booked.manage_token,
      ]);
      expect(await eventRow()).toMatchObject({
        voucher_cents: '0',
        refunded_cents: '0',
        received_cents: '0',
      });
      expect(Number((await liability()).open_cents) - Number(before.open_cents)).toBe(0);

      // Past its last day the rest is no longer a debt: it is listed apart.
      await db.query('update public.gift_vouchers set valid_until = current_date - 1 where id = $1', [
        voucher.id,
      ]);
      const expired = await liability();
      expect(Number(expired.open_cents) - Number(before.open_cents)).toBe(-15000);
      expect(Number(expired.expired_cents) - Number(before.expired_cents)).toBe(15000);

      const visitor = await db.createUser();
      const refused = await db.as(visitor, 'select * from public.admin_gift_voucher_liability()');
      expect(refused.error?.code).toBe('42501');
    }));
});

describe('personal data on vouchers', () => {
  it('is in the access export of the address it was mailed to, goes on erasure and after the books’ years', () =>
    inRolledBackTransaction(async (db) => {
      const { voucher, admin } = await issue(db, 8000);
      await db.query(`update public.gift_vouchers set message = 'Alles Gute!' where id = $1`, [voucher.id]);
      await db.as(admin, 'select public.admin_send_gift_voucher($1, $2)', [voucher.id, 'Gina@Example.ch']);
      const data = await db.as<{ d: { giftVouchers: Array<Record<string, unknown>> } }>(
        admin,
        'select public.admin_person_data($1) as d',
        ['gina@example.ch'],
      );
      expect(data.error).toBeNull();
      expect(data.rows[0]!.d.giftVouchers).toEqual([
        expect.objectContaining({
          code: voucher.code,
          recipientName: 'Gina',
          message: 'Alles Gute!',
          rule: 'bookkeeping',
        }),
      ]);

      const erased = await db.as<{ r: { counts: { giftVouchers: number } } }>(
        admin,
        'select public.admin_erase_person($1) as r',
        ['gina@example.ch'],
      );
      expect(erased.rows[0]!.r.counts.giftVouchers).toBe(1);
      const [after] = await db.query<Record<string, string>>(
        'select recipient_name, message, mailed_to, code from public.gift_vouchers where id = $1',
        [voucher.id],
      );
      expect(after).toEqual({
        recipient_name: 'anonymisiert',
        message: 'anonymisiert',
        mailed_to: '',
        code: voucher.code,
      });
      // Still valid by its code.
      expect((await db.as(service, 'select public.check_gift_voucher($1)', [voucher.code])).error).toBeNull();

      // Ten years (the books' rule) after its last day, the retention job clears what names a person.
      const old = (await issue(db, 5000)).voucher;
      await db.query(
        `update public.gift_vouchers set note = 'Reklamation Familie Alt', valid_until = current_date - 4000 where id = $1`,
        [old.id],
      );
      await db.query('select private.apply_retention()');
      const [cleared] = await db.query<Record<string, string>>(
        'select recipient_name, note from public.gift_vouchers where id = $1',
        [old.id],
      );
      expect(cleared).toEqual({ recipient_name: 'anonymisiert', note: 'anonymisiert' });
    }));
});

describe('a seat offered from the waiting list', () => {
  it('is claimed with a gift voucher that pays its part', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45, max_participants: 2 });
      const { voucher } = await issue(db, 5000);
      const [full] = await db.query<{ id: string }>(
        `insert into public.participants (event_id, name, email, phone, payment_method, persons)
         values ($1, 'Volle Buchung', 'voll@example.ch', '+41791234567', 'onsite', 2) returning id`,
        [event.id],
      );
      const joined = await db.as(
        service,
        `select public.join_waitlist($1, 'Wanda Warte', 'wanda@example.ch', '+41 79 123 45 67', 2)`,
        [event.id],
      );
      expect(joined.error).toBeNull();
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [full!.id]);
      const [mail] = await db.query<{ token: string }>(
        `select payload ->> 'claimToken' as token from public.mail_outbox
          where kind = 'waitlist_offer' and recipient = 'wanda@example.ch'`,
      );
      const claim = await db.as<{ receipt: { participant_id: string } }>(
        anonActor,
        `select public.claim_waitlist_offer($1, 'onsite', null, null, $2) as receipt`,
        [mail!.token, voucher.code],
      );
      expect(claim.error).toBeNull();
      expect(await money(db, claim.rows[0]!.receipt.participant_id)).toMatchObject({
        owed: 9000,
        paid: 5000,
        open: 4000,
      });
      expect(await balance(db, voucher.id)).toBe(0);
    }));
});
