import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { connect, removeEvents } from './support/db';
import { daysFromToday, guestName } from './support/fixtures';

// Real concurrency: every registration runs on its own connection, in its own committed
// transaction as the anon role, all started at once. Data is committed, so each test removes
// the events it created.

const CALLERS = 100;
const SEATS = 15;
// Group bookings: 200 visitors at once, each for 1-4 persons.
const GROUP_CALLERS = 200;

const createdEvents: string[] = [];

async function createEvent(client: pg.Client, maxParticipants: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into public.events (title, status, start_date, max_participants, payment_methods)
     values ('Ansturm', 'published', ${daysFromToday(30)}, $1, array['onsite']) returning id`,
    [maxParticipants],
  );
  createdEvents.push(rows[0]!.id);
  return rows[0]!.id;
}

interface Attempt {
  participantId?: string;
  error?: string;
}

/** One visitor's registration, as the register-for-event function has PostgREST run it: own transaction, service role. */
async function registerAsVisitor(
  client: pg.Client,
  eventId: string,
  index: number,
  requestId: string | null,
  persons = 1,
): Promise<Attempt> {
  try {
    await client.query('begin');
    await client.query('set local role service_role');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    const { rows } = await client.query<{ result: { participant_id: string } }>(
      `select public.register_for_event($1, $2, $3, $4, 'onsite', '', $5, $6) as result`,
      [eventId, guestName(index), `gast${index}@example.ch`, '+41 79 123 45 67', requestId, persons],
    );
    await client.query('commit');
    return { participantId: rows[0]!.result.participant_id };
  } catch (error) {
    await client.query('rollback');
    return { error: (error as Error).message };
  }
}

/** Runs fn with n open connections and closes them afterwards, also when some failed to open. */
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

/** Opens all connections first, then starts every registration at the same moment. */
function registerAllAtOnce(
  eventId: string,
  requestIds: Array<string | null>,
  persons: number[] = [],
): Promise<Attempt[]> {
  return withConnections(requestIds.length, (clients) =>
    Promise.all(
      requestIds.map((requestId, index) =>
        registerAsVisitor(clients[index]!, eventId, index, requestId, persons[index] ?? 1),
      ),
    ),
  );
}

describe('registrations under concurrency', () => {
  let admin: pg.Client;

  beforeAll(async () => {
    admin = await connect();
    // The stack's other connections (gateway pool, harness, functions) need room beside ours.
    const { rows } = await admin.query<{ max_connections: string }>('show max_connections');
    const available = Number(rows[0]?.max_connections);
    if (available < GROUP_CALLERS + 40) {
      throw new Error(
        `max_connections is ${available}; this test opens ${GROUP_CALLERS} connections at once and needs at least ${GROUP_CALLERS + 40} (tools/local-stack/postgres.ts)`,
      );
    }
  });

  afterAll(async () => {
    await removeEvents(admin, createdEvents);
    await admin.end();
  });

  it(`${CALLERS} simultaneous registrations for ${SEATS} seats: exactly ${SEATS} succeed, the rest are sold out`, async () => {
    const eventId = await createEvent(admin, SEATS);

    const attempts = await registerAllAtOnce(
      eventId,
      Array.from({ length: CALLERS }, () => null),
    );

    const succeeded = attempts.filter((attempt) => attempt.participantId);
    const errors = attempts.filter((attempt) => attempt.error).map((attempt) => attempt.error);
    expect(succeeded).toHaveLength(SEATS);
    expect(errors).toEqual(Array.from({ length: CALLERS - SEATS }, () => 'EVENT_SOLD_OUT'));

    const { rows } = await admin.query<{
      current_participants: number;
      is_full: boolean;
      is_sold_out: boolean;
      stored: number;
    }>(
      `select e.current_participants, (public.availability(e)).is_full, e.is_sold_out,
              (select count(*)::int from public.participants p where p.event_id = e.id) as stored
       from public.events e where e.id = $1`,
      [eventId],
    );
    expect(rows[0]).toEqual({
      current_participants: SEATS,
      is_full: true,
      is_sold_out: false,
      stored: SEATS,
    });
  });

  it(`${GROUP_CALLERS} simultaneous bookings of 1-4 persons for ${SEATS} seats never exceed ${SEATS} persons`, async () => {
    const eventId = await createEvent(admin, SEATS);
    const persons = Array.from({ length: GROUP_CALLERS }, (_, index) => (index % 4) + 1);

    const attempts = await registerAllAtOnce(
      eventId,
      persons.map(() => null),
      persons,
    );

    const booked = attempts.flatMap((attempt, index) => (attempt.participantId ? [persons[index]!] : []));
    const bookedPersons = booked.reduce((sum, count) => sum + count, 0);
    expect(bookedPersons).toBeLessThanOrEqual(SEATS);
    // Every refusal is one of the two capacity answers; nothing else went wrong.
    const errors = new Set(attempts.flatMap((attempt) => (attempt.error ? [attempt.error] : [])));
    expect([...errors].every((error) => ['EVENT_SOLD_OUT', 'NOT_ENOUGH_SEATS'].includes(error))).toBe(true);
    // 50 one-person requests: while a seat is left, each of them books it, so the event ends full.
    expect(bookedPersons).toBe(SEATS);

    const { rows } = await admin.query<{ current_participants: number; stored: number; is_full: boolean }>(
      `select e.current_participants, (public.availability(e)).is_full,
              (select coalesce(sum(p.persons), 0)::int from public.participants p where p.event_id = e.id) as stored
       from public.events e where e.id = $1`,
      [eventId],
    );
    expect(rows[0]).toEqual({ current_participants: SEATS, stored: SEATS, is_full: true });
  });

  it('the same request id sent twice at once creates one registration', async () => {
    const eventId = await createEvent(admin, SEATS);
    const requestId = randomUUID();

    const attempts = await registerAllAtOnce(eventId, [requestId, requestId]);

    expect(attempts.map((attempt) => attempt.error)).toEqual([undefined, undefined]);
    expect(attempts[0]!.participantId).toBe(attempts[1]!.participantId);
    const { rows } = await admin.query<{ stored: number; current_participants: number }>(
      `select (select count(*)::int from public.participants where event_id = $1) as stored,
              (select current_participants from public.events where id = $1) as current_participants`,
      [eventId],
    );
    expect(rows[0]).toEqual({ stored: 1, current_participants: 1 });
  });

  it('admins adding participants directly at the same time keep the count exact', async () => {
    const eventId = await createEvent(admin, 50);
    await withConnections(20, (clients) =>
      Promise.all(
        clients.map((client, index) =>
          client.query(
            `insert into public.participants (event_id, name, email, phone, status)
             values ($1, 'Direkt', $2, '079 123 45 67', $3)`,
            [eventId, `direkt${index}@example.ch`, index % 4 === 0 ? 'cancelled' : 'confirmed'],
          ),
        ),
      ),
    );
    const { rows } = await admin.query<{ current_participants: number }>(
      'select current_participants from public.events where id = $1',
      [eventId],
    );
    expect(rows[0]?.current_participants).toBe(15);
  });
});
