import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { connect, removeEvents } from './support/db';
import { daysFromToday } from './support/fixtures';

// Issue 24, "Done when": 50 concurrent mixed transitions (mark paid, cancel, move, book,
// reactivate) on full events never exceed capacity. Every call runs on its own connection, in
// its own committed transaction, all started at once, as the service role the admin functions
// also accept (require_admin). The data is committed, so the test removes what it created.

const SEATS = 8;
const CALLS = 50;
// Codes a refused transition may raise here; anything else (a deadlock, a constraint) fails.
const EXPECTED_REFUSALS = new Set([
  'NOT_ENOUGH_SEATS',
  'EVENT_SOLD_OUT',
  'TRANSITION_NOT_ALLOWED',
  'PAYMENT_NOT_ALLOWED',
  'AMOUNT_TOO_HIGH',
  'NOTHING_CHANGED',
  'ALREADY_REGISTERED',
]);

const createdEvents: string[] = [];
let admin: pg.Client;

async function createEvent(title: string): Promise<string> {
  const { rows } = await admin.query<{ id: string }>(
    `insert into public.events (title, status, start_date, max_participants, price, payment_methods)
     values ($1, 'published', ${daysFromToday(30)}, $2, 40, array['onsite']) returning id`,
    [title, SEATS],
  );
  createdEvents.push(rows[0]!.id);
  return rows[0]!.id;
}

/** A confirmed on-site booking of one person, booked the visitor's way. */
async function book(eventId: string, email: string): Promise<string> {
  const { rows } = await admin.query<{ id: string }>(
    `select (public.register_for_event($1, 'Gast Muster', $2, '+41 79 123 45 67', 'onsite') ->> 'participant_id') as id`,
    [eventId, email],
  );
  return rows[0]!.id;
}

async function asService(client: pg.Client, sql: string, params: unknown[]): Promise<string | null> {
  try {
    await client.query('begin');
    await client.query('set local role service_role');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    await client.query(sql, params);
    await client.query('commit');
    return null;
  } catch (error) {
    await client.query('rollback');
    return (error as Error).message;
  }
}

describe('transitions under concurrency', () => {
  beforeAll(async () => {
    admin = await connect();
  });

  afterAll(async () => {
    await removeEvents(admin, createdEvents);
    await admin.end();
  });

  it(`${CALLS} mixed transitions at once on two full events never exceed ${SEATS} seats`, async () => {
    const full = await createEvent('Voll A');
    const other = await createEvent('Voll B');
    // A: 8 confirmed + 4 cancelled (reactivation candidates). B: 8 confirmed.
    const active: string[] = [];
    const cancelled: string[] = [];
    const inOther: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await book(full, `x${i}@example.ch`);
      await admin.query(
        `select set_config('request.jwt.claims', '{"role":"service_role"}', false), public.admin_cancel_booking($1)`,
        [id],
      );
      cancelled.push(id);
    }
    for (let i = 0; i < SEATS; i += 1) active.push(await book(full, `a${i}@example.ch`));
    for (let i = 0; i < SEATS; i += 1) inOther.push(await book(other, `b${i}@example.ch`));
    const { rows: counts } = await admin.query<{ current_participants: number }>(
      'select current_participants from public.events where id = any($1) order by title',
      [[full, other]],
    );
    expect(counts.map((row) => row.current_participants)).toEqual([SEATS, SEATS]);

    const pick = <T>(list: T[], index: number) => list[index % list.length]!;
    const calls: Array<[string, unknown[]]> = Array.from({ length: CALLS }, (_, index) => {
      switch (index % 7) {
        case 0: // mark paid (allowed on active, refused on cancelled)
          return [
            `select public.admin_record_payment($1, 4000, 'onsite')`,
            [pick([...active, ...cancelled], index)],
          ];
        case 1: // cancel (frees a seat)
          return ['select public.admin_cancel_booking($1)', [pick(active, index)]];
        case 2: // move from B into A (needs a free seat in A)
          return ['select public.admin_move_booking($1, $2)', [pick(inOther, index), full]];
        case 3: // move from A into B
          return ['select public.admin_move_booking($1, $2)', [pick(active, index + 3), other]];
        case 4: // a visitor books A
          return [
            `select public.register_for_event($1, 'Neu Gast', $2, '+41 79 123 45 67', 'onsite')`,
            [full, `neu${index}@example.ch`],
          ];
        case 5: // reactivate a cancelled booking of A
          return ['select public.admin_reactivate_booking($1)', [pick(cancelled, index)]];
        default: // more persons
          return ['select public.admin_change_persons($1, 2)', [pick([...active, ...inOther], index)]];
      }
    });

    const opened = await Promise.allSettled(calls.map(() => connect()));
    const clients = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    let outcomes: Array<string | null>;
    try {
      expect(clients).toHaveLength(CALLS);
      outcomes = await Promise.all(
        calls.map(([sql, params], index) => asService(clients[index]!, sql, params)),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }

    const unexpected = outcomes.filter((error) => error !== null && !EXPECTED_REFUSALS.has(error));
    expect(unexpected).toEqual([]);
    // Some of each kind went through, some were refused: the test exercised the races.
    expect(outcomes.filter((error) => error === null).length).toBeGreaterThan(5);
    expect(outcomes.filter((error) => error !== null).length).toBeGreaterThan(5);

    const { rows } = await admin.query<{ max: number; stored: number; counted: number }>(
      `select e.max_participants as max, e.current_participants as stored,
              (select coalesce(sum(p.persons), 0)::int from public.participants p
                where p.event_id = e.id and p.status in ('held', 'confirmed')) as counted
         from public.events e where e.id = any($1)`,
      [[full, other]],
    );
    for (const row of rows) {
      expect(row.stored).toBe(row.counted);
      expect(row.counted).toBeLessThanOrEqual(row.max);
    }
    // Every booking that changed wrote its history; none lost money rows.
    const { rows: orphans } = await admin.query(
      `select p.id from public.participants p
        where p.event_id = any($1)
          and not exists (select 1 from public.booking_history h where h.participant_id = p.id)`,
      [[full, other]],
    );
    expect(orphans).toEqual([]);
  });
});
