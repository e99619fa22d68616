import { afterAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { anon, connect, inRolledBackTransaction, removeEvents, service, type Session } from './support/db';
import { daysFromToday, guestName, insertEvent, insertPayment } from './support/fixtures';

// Discount codes (issue 28, supabase/migrations/20261128338000_discount_codes.sql): what a code
// takes off, when it is refused, that its uses are counted exactly under concurrency, and that a
// booking keeps the terms it was booked with through reductions and cancellations.

interface Code {
  code: string;
  percent?: number;
  amount_cents?: number;
  valid_from?: string;
  valid_until?: string;
  max_uses?: number;
  min_persons?: number;
  event_ids?: string[];
  categories?: string[];
  active?: boolean;
}

async function insertCode(
  db: { query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]> },
  code: Code,
): Promise<string> {
  const [row] = await db.query(
    `insert into public.discount_codes (code, percent, amount_cents, valid_from, valid_until, max_uses,
       min_persons, event_ids, categories, active)
     values ($1, $2, $3, $4, $5, $6, coalesce($7::int, 1), coalesce($8::uuid[], '{}'), coalesce($9::text[], '{}'), coalesce($10::boolean, true))
     returning id`,
    [
      code.code,
      code.percent ?? null,
      code.amount_cents ?? null,
      code.valid_from ?? null,
      code.valid_until ?? null,
      code.max_uses ?? null,
      code.min_persons ?? null,
      code.event_ids ?? null,
      code.categories ?? null,
      code.active ?? null,
    ],
  );
  return String(row!.id);
}

interface Booked {
  participant_id: string;
  reference: string;
  manage_token: string;
  status: string;
}

/** A visitor's booking as the register-for-event function makes it (service role). */
async function book(
  db: Session,
  eventId: string,
  persons: number,
  code: string | null,
  options: { email?: string; method?: string } = {},
) {
  return db.as<{ result: Booked }>(
    service,
    `select public.register_for_event($1, 'Rita Rabatt', $2, '+41 79 123 45 67', $3, '', null, $4,
       '{}'::jsonb, null, null, $5) as result`,
    [eventId, options.email ?? 'rita@example.ch', options.method ?? 'onsite', persons, code],
  );
}

async function owed(db: Session, participantId: string): Promise<number> {
  const [row] = await db.query<{ owed: number }>('select (private.booking_money($1)).owed_cents as owed', [
    participantId,
  ]);
  return row!.owed;
}

async function check(db: Session, eventId: string, code: string, persons: number) {
  return db.as<{ r: { discount_cents: number; total_cents: number; code: string } }>(
    anon,
    'select public.check_discount_code($1, $2, $3) as r',
    [eventId, code, persons],
  );
}

describe('what a code takes off', () => {
  it('10 % of 3 × CHF 45.00: the check and the booking agree to the centime (CHF 121.50)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      await insertCode(db, { code: 'HERBST10', percent: 10 });
      const checked = await check(db, event.id, ' herbst10 ', 3);
      expect(checked.error).toBeNull();
      expect(checked.rows[0]!.r).toMatchObject({
        code: 'HERBST10',
        discount_cents: 1350,
        total_cents: 12150,
      });
      const booked = await book(db, event.id, 3, 'herbst10');
      expect(booked.error).toBeNull();
      expect(await owed(db, booked.rows[0]!.result.participant_id)).toBe(12150);
      // The manage link shows the code, what it takes off, and the totals for fewer persons.
      const view = await db.as<{ v: Record<string, unknown> }>(
        anon,
        'select public.booking_by_token($1, $2) as v',
        [booked.rows[0]!.result.reference, booked.rows[0]!.result.manage_token],
      );
      expect(view.rows[0]!.v).toMatchObject({
        amount_cents: 12150,
        discount: { code: 'HERBST10', percent: 10, cents: 1350 },
        total_cents_by_persons: [4050, 8100, 12150],
      });
    }));

  it('a fixed amount: CHF 20.00 off, never more than the price; nothing left to pay online books at once', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 15 });
      await insertCode(db, { code: 'GESCHENK20', amount_cents: 2000 });
      const booked = await book(db, event.id, 1, 'GESCHENK20', { method: 'stripe' });
      expect(booked.error).toBeNull();
      expect(booked.rows[0]!.result.status).toBe('confirmed');
      expect(await owed(db, booked.rows[0]!.result.participant_id)).toBe(0);
    }));

  it('editing the code later changes no booking made with it', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 50 });
      await insertCode(db, { code: 'TREUE', percent: 20 });
      const booked = await book(db, event.id, 2, 'TREUE');
      await db.query(`update public.discount_codes set percent = 50 where code = 'TREUE'`);
      expect(await owed(db, booked.rows[0]!.result.participant_id)).toBe(8000);
    }));
});

describe('when a code is refused', () => {
  it('unknown, inactive, expired, not yet valid, another event or category, too few persons', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 40, category: 'workshop' });
      const other = await insertEvent(db, { price: 40, category: 'breathwork' });
      await insertCode(db, { code: 'AUS', percent: 10, active: false });
      await db.query(
        `insert into public.discount_codes (code, percent, valid_from, valid_until) values
           ('VORBEI', 10, current_date - 30, private.today_in_zurich() - 1),
           ('BALD', 10, private.today_in_zurich() + 1, null)`,
      );
      await insertCode(db, { code: 'NURDORT', percent: 10, event_ids: [other.id] });
      await insertCode(db, { code: 'ATMEN', percent: 10, categories: ['breathwork'] });
      await insertCode(db, { code: 'GRUPPE', percent: 10, min_persons: 4 });
      const refusals: Record<string, string | undefined> = {};
      for (const code of ['GIBTSNICHT', 'AUS', 'VORBEI', 'BALD', 'NURDORT', 'ATMEN', 'GRUPPE']) {
        refusals[code] = (await check(db, event.id, code, 2)).error?.message;
      }
      expect(refusals).toEqual({
        GIBTSNICHT: 'DISCOUNT_CODE_UNKNOWN',
        AUS: 'DISCOUNT_CODE_EXPIRED',
        VORBEI: 'DISCOUNT_CODE_EXPIRED',
        BALD: 'DISCOUNT_CODE_NOT_YET_VALID',
        NURDORT: 'DISCOUNT_CODE_NOT_FOR_EVENT',
        ATMEN: 'DISCOUNT_CODE_NOT_FOR_EVENT',
        GRUPPE: 'DISCOUNT_CODE_MIN_PERSONS',
      });
      expect((await check(db, event.id, 'GRUPPE', 2)).error?.detail).toBe('4');
      // Where they apply, they apply; the booking refuses as the check does and books nothing.
      expect((await check(db, other.id, 'NURDORT', 1)).error).toBeNull();
      expect((await check(db, other.id, 'ATMEN', 1)).error).toBeNull();
      expect((await book(db, event.id, 2, 'GRUPPE')).error?.message).toBe('DISCOUNT_CODE_MIN_PERSONS');
      const [count] = await db.query<{ n: number }>(
        'select count(*)::int as n from public.participants where event_id = $1',
        [event.id],
      );
      expect(count!.n).toBe(0);
    }));

  it('a cancelled booking gives its use back', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 30 });
      await insertCode(db, { code: 'EINMAL', percent: 50, max_uses: 1 });
      const first = await book(db, event.id, 1, 'EINMAL', { email: 'erste@example.ch' });
      expect(first.error).toBeNull();
      const second = await book(db, event.id, 1, 'EINMAL', { email: 'zweite@example.ch' });
      expect(second.error?.message).toBe('DISCOUNT_CODE_USED_UP');
      const cancelled = await db.as(anon, 'select public.change_booking($1, $2, 0)', [
        first.rows[0]!.result.reference,
        first.rows[0]!.result.manage_token,
      ]);
      expect(cancelled.error).toBeNull();
      expect((await book(db, event.id, 1, 'EINMAL', { email: 'zweite@example.ch' })).error).toBeNull();
    }));
});

describe('reductions keep the terms', () => {
  it("one person less refunds that person's price minus its share of a percent discount", () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      await insertCode(db, { code: 'ZEHN', percent: 10 });
      const booked = (await book(db, event.id, 4, 'ZEHN')).rows[0]!.result;
      await insertPayment(db, booked.participant_id, 16200);
      const reduced = await db.as(anon, 'select public.change_booking($1, $2, 3)', [
        booked.reference,
        booked.manage_token,
      ]);
      expect(reduced.error).toBeNull();
      const [money] = await db.query<{ owed: number; excess: number }>(
        'select owed_cents as owed, excess_cents + refunded_cents as excess from private.booking_money($1)',
        [booked.participant_id],
      );
      // 45.00 - 10 % = 40.50 back; 3 persons owe 121.50.
      expect(money).toEqual({ owed: 12150, excess: 4050 });
    }));

  it('below the minimum of persons the discount falls away', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      await insertCode(db, { code: 'VIERER', percent: 10, min_persons: 4 });
      const booked = (await book(db, event.id, 4, 'VIERER')).rows[0]!.result;
      expect(await owed(db, booked.participant_id)).toBe(16200);
      await db.as(anon, 'select public.change_booking($1, $2, 3)', [booked.reference, booked.manage_token]);
      expect(await owed(db, booked.participant_id)).toBe(13500);
    }));
});

describe('who sees and edits codes', () => {
  it('admins manage them; visitors and other users neither read nor write them', () =>
    inRolledBackTransaction(async (db) => {
      await insertCode(db, { code: 'GEHEIM', percent: 10 });
      const admin = await db.createUser({ admin: true });
      const user = await db.createUser();
      for (const actor of [anon, user]) {
        const read = await db.as<{ code: string }>(actor, 'select code from public.discount_codes');
        expect(read.error !== null || read.rows.length === 0).toBe(true);
        const write = await db.as(
          actor,
          `insert into public.discount_codes (code, percent) values ('FREI', 100)`,
        );
        expect(write.error).not.toBeNull();
      }
      const listed = await db.as<{ code: string; uses: number }>(
        admin,
        'select code, uses from public.admin_discount_codes()',
      );
      expect(listed.rows).toEqual([{ code: 'GEHEIM', uses: 0 }]);
      const created = await db.as(
        admin,
        `insert into public.discount_codes (code, amount_cents) values ('NEU-5', 500)`,
      );
      expect(created.error).toBeNull();
      expect((await db.as(user, 'select * from public.admin_discount_codes()')).error?.code).toBe('42501');
    }));
});

describe('the dashboard', () => {
  it("splits what codes take off the booked value ('Rabatte'), only for bookings that hold seats", () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const before = await db.as<{ s: { discount_cents: number } }>(
        admin,
        'select public.admin_dashboard_stats() as s',
      );
      const event = await insertEvent(db, { price: 45 });
      await insertCode(db, { code: 'DASH10', percent: 10 });
      await insertCode(db, { code: 'DASH5', amount_cents: 500 });
      const booked = (await book(db, event.id, 3, 'DASH10', { email: 'a@example.ch' })).rows[0]!.result;
      // The participant page reads the code from admin_bookings.
      const row = await db.as<{ discount_code: string; code_discount_cents: number }>(
        admin,
        'select discount_code, code_discount_cents from public.admin_bookings where id = $1',
        [booked.participant_id],
      );
      expect(row.error).toBeNull();
      expect(row.rows).toEqual([{ discount_code: 'DASH10', code_discount_cents: 1350 }]);
      const cancelled = (await book(db, event.id, 1, 'DASH5', { email: 'b@example.ch' })).rows[0]!.result;
      await db.as(anon, 'select public.change_booking($1, $2, 0)', [
        cancelled.reference,
        cancelled.manage_token,
      ]);
      const after = await db.as<{ s: { discount_cents: number } }>(
        admin,
        'select public.admin_dashboard_stats() as s',
      );
      // 10 % of 3 × 45.00; the cancelled booking's CHF 5.00 no longer counts.
      expect(after.rows[0]!.s.discount_cents - before.rows[0]!.s.discount_cents).toBe(1350);
    }));
});

describe('maximum uses under concurrency', () => {
  const created: string[] = [];
  let admin: pg.Client | undefined;
  afterAll(async () => {
    if (!admin) return;
    await removeEvents(admin, created);
    await admin.query(`delete from public.discount_codes where code = 'ANSTURM'`);
    await admin.end();
  });

  it('20 bookings at once for a code with 19 uses left: exactly one is refused', async () => {
    admin = await connect();
    // Two events, so only the code's row lock (not the event's) stands between the bookings.
    for (let index = 0; index < 2; index += 1) {
      const { rows } = await admin.query<{ id: string }>(
        `insert into public.events (title, status, start_date, max_participants, price, payment_methods)
         values ('Ansturm', 'published', ${daysFromToday(30)}, 30, 40, array['onsite']) returning id`,
      );
      created.push(rows[0]!.id);
    }
    const client = admin;
    await insertCode(
      { query: async (text: string, params?: unknown[]) => (await client.query(text, params)).rows },
      { code: 'ANSTURM', percent: 25, max_uses: 19 },
    );
    const clients = await Promise.all(Array.from({ length: 20 }, () => connect()));
    try {
      const outcomes = await Promise.all(
        clients.map(async (client, index) => {
          try {
            await client.query('begin');
            await client.query('set local role service_role');
            await client.query(
              `select public.register_for_event($1, $2, $3, '+41 79 123 45 67', 'onsite', '', null, 1,
                 '{}'::jsonb, null, null, 'ANSTURM')`,
              [created[index % 2], guestName(index), `ansturm${index}@example.ch`],
            );
            await client.query('commit');
            return 'booked';
          } catch (error) {
            await client.query('rollback');
            return (error as Error).message;
          }
        }),
      );
      expect(outcomes.filter((outcome) => outcome === 'booked')).toHaveLength(19);
      expect(outcomes.filter((outcome) => outcome !== 'booked')).toEqual(['DISCOUNT_CODE_USED_UP']);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
