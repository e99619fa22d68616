import { afterAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { connect, removeEvents } from './support/db';
import { guestName } from './support/fixtures';

// One group per evening under real concurrency (issue 27): 20 visitors choose the same hut evening
// at the same moment, each on its own connection in its own committed transaction, as the
// book-fondue-evening function has PostgREST run them. Exactly one gets the evening; the others
// get the clear HUT_EVENING_BOOKED ("bereits vergeben"). Committed data: the day's event and its
// bookings are removed afterwards.

const CALLERS = 20;
let day: string | null = null;

afterAll(async () => {
  if (!day) return;
  const client = await connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id from public.events where category = 'fondue' and start_date = $1`,
      [day],
    );
    await removeEvents(
      client,
      rows.map((row) => row.id),
    );
  } finally {
    await client.end();
  }
});

async function bookAsVisitor(client: pg.Client, index: number): Promise<string> {
  try {
    await client.query('begin');
    await client.query('set local role service_role');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    await client.query(
      `select public.book_hut_evening($1::date, $2, $3, '+41 79 123 45 67', 'onsite', '', null, 4)`,
      [day, guestName(index), `hungrig${index}@example.ch`],
    );
    await client.query('commit');
    return 'booked';
  } catch (error) {
    await client.query('rollback');
    return (error as Error).message;
  }
}

describe('book_hut_evening under concurrency', () => {
  it('gives one evening to exactly one of 20 simultaneous bookings', async () => {
    const clients = await Promise.all(Array.from({ length: CALLERS }, () => connect()));
    try {
      // A Thursday far ahead (the default season has no end), so no other test meets it.
      const { rows } = await clients[0]!.query<{ day: string }>(
        `select d::date::text as day
           from generate_series(private.today_in_zurich() + 500, private.today_in_zurich() + 506, interval '1 day') d
          where extract(isodow from d) = 4`,
      );
      day = rows[0]!.day;
      const outcomes = await Promise.all(clients.map((client, index) => bookAsVisitor(client, index)));
      expect(outcomes.filter((outcome) => outcome === 'booked')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'HUT_EVENING_BOOKED')).toHaveLength(CALLERS - 1);
      const { rows: bookings } = await clients[0]!.query<{ n: number }>(
        `select count(*)::int as n from public.participants p join public.events e on e.id = p.event_id
          where e.category = 'fondue' and e.start_date = $1`,
        [day],
      );
      expect(bookings[0]!.n).toBe(1);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
