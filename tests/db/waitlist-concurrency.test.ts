import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { connect, removeEvents } from './support/db';
import { daysFromToday } from './support/fixtures';

// The waiting list under real concurrency: every step runs on its own connection in its own
// committed transaction, all started at once. Data is committed, so the test removes its events.

const SEATS = 10;

const createdEvents: string[] = [];

async function inTransaction<T>(client: pg.Client, role: 'anon' | 'service_role', fn: () => Promise<T>) {
  try {
    await client.query('begin');
    await client.query(`set local role ${role}`);
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role })]);
    const result = await fn();
    await client.query('commit');
    return { result };
  } catch (error) {
    await client.query('rollback');
    return { error: (error as Error).message };
  }
}

async function withConnections<T>(n: number, fn: (clients: pg.Client[]) => Promise<T>): Promise<T> {
  const opened = await Promise.allSettled(Array.from({ length: n }, () => connect()));
  const clients = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failure = opened.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return await fn(clients);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

interface Counts {
  max_participants: number;
  current_participants: number;
  offered_persons: number;
  booked: number;
  offered: number;
  offers_sent: number;
  offered_entries: number;
}

async function counts(admin: pg.Client, eventId: string): Promise<Counts> {
  const { rows } = await admin.query<Counts>(
    `select e.max_participants, e.current_participants, e.offered_persons,
            (select coalesce(sum(p.persons), 0)::int from public.participants p
              where p.event_id = e.id and p.status in ('held', 'confirmed')) as booked,
            (select coalesce(sum(w.persons), 0)::int from public.waitlist_entries w
              where w.event_id = e.id and w.status = 'offered') as offered,
            (select count(*)::int from public.mail_outbox m
              where m.kind = 'waitlist_offer' and m.payload #>> '{entry,id}' in
                (select w.id::text from public.waitlist_entries w where w.event_id = e.id)) as offers_sent,
            (select count(*)::int from public.waitlist_entries w
              where w.event_id = e.id and w.offered_at is not null) as offered_entries
     from public.events e where e.id = $1`,
    [eventId],
  );
  return rows[0]!;
}

describe('the waiting list under concurrency', () => {
  let admin: pg.Client;
  let eventId: string;
  let participants: string[];

  beforeAll(async () => {
    admin = await connect();
    const { rows } = await admin.query<{ id: string }>(
      `insert into public.events (title, status, start_date, max_participants, payment_methods)
       values ('Warteliste unter Last', 'published', ${daysFromToday(30)}, $1, array['onsite']) returning id`,
      [SEATS],
    );
    eventId = rows[0]!.id;
    createdEvents.push(eventId);
    const booked = await admin.query<{ id: string }>(
      `insert into public.participants (event_id, name, email, phone, status, payment_method)
       select $1, 'Gast ' || n, 'gast' || n || '@example.ch', '079 123 45 67', 'confirmed', 'onsite'
       from generate_series(1, $2) n returning id`,
      [eventId, SEATS],
    );
    participants = booked.rows.map((row) => row.id);
    for (let n = 1; n <= 2 * SEATS; n += 1) {
      await admin.query(
        `select public.join_waitlist($1, 'Warte ' || translate($2::text, '0123456789', 'ABCDEFGHIJ'), 'warte' || $2 || '@example.ch', '079 123 45 67', 1)`,
        [eventId, n],
      );
    }
  });

  afterAll(async () => {
    await removeEvents(admin, createdEvents);
    await admin.end();
  });

  it('simultaneous cancellations never offer the same seat twice; offers never exceed free seats', async () => {
    const cancelled = participants.slice(0, 5);
    await withConnections(cancelled.length, (clients) =>
      Promise.all(
        clients.map((client, index) =>
          client.query(`update public.participants set status = 'cancelled' where id = $1`, [
            cancelled[index],
          ]),
        ),
      ),
    );
    const after = await counts(admin, eventId);
    expect(after).toMatchObject({ current_participants: 5, booked: 5, offered_persons: 5, offered: 5 });
    // One mail per offer, each entry offered once.
    expect(after.offers_sent).toBe(5);
    expect(after.offered_entries).toBe(5);
  });

  it('cancel and claim racing each other keep the count exact', async () => {
    // Plain claim tokens of the open offers (from their mails, as the visitor has them).
    const { rows: offers } = await admin.query<{ token: string }>(
      `select m.payload ->> 'claimToken' as token from public.mail_outbox m
       join public.waitlist_entries w on w.id::text = m.payload #>> '{entry,id}'
       where m.kind = 'waitlist_offer' and w.event_id = $1 and w.status = 'offered'`,
      [eventId],
    );
    expect(offers).toHaveLength(5);
    const stillBooked = participants.slice(5);
    // At once: 5 claims, 5 cancellations, and 5 visitors trying the public booking.
    const outcomes = await withConnections(15, (clients) =>
      Promise.all([
        ...offers.map((offer, index) =>
          inTransaction(clients[index]!, 'anon', () =>
            clients[index]!.query(`select public.claim_waitlist_offer($1, 'onsite')`, [offer.token]),
          ),
        ),
        ...stillBooked.map((id, index) =>
          inTransaction(clients[5 + index]!, 'service_role', () =>
            clients[5 + index]!.query(`update public.participants set status = 'cancelled' where id = $1`, [
              id,
            ]),
          ),
        ),
        ...Array.from({ length: 5 }, (_, index) =>
          inTransaction(clients[10 + index]!, 'service_role', () =>
            clients[10 + index]!.query(
              `select public.register_for_event($1, 'Spontan', $2, '079 123 45 67', 'onsite')`,
              [eventId, `spontan${index}@example.ch`],
            ),
          ),
        ),
      ]),
    );
    // Every claim and every cancellation went through.
    expect(outcomes.slice(0, 10).map((outcome) => outcome.error)).toEqual(
      Array.from({ length: 10 }, () => undefined),
    );
    // Every freed seat went straight to the next waiting entry: none was free for the public form.
    expect(outcomes.slice(10).map((outcome) => outcome.error)).toEqual(
      Array.from({ length: 5 }, () => 'EVENT_SOLD_OUT'),
    );

    const after = await counts(admin, eventId);
    expect(after.current_participants).toBe(after.booked);
    expect(after.offered_persons).toBe(after.offered);
    // 5 claimed, and the 5 cancelled seats are held by 5 new offers: never more than capacity.
    expect({ booked: after.booked, offered: after.offered }).toEqual({ booked: 5, offered: 5 });
    expect(after.offers_sent).toBe(10);
    expect(after.offered_entries).toBe(10);
  });
});
