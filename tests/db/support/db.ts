import pg from 'pg';
import { expect } from 'vitest';
import { stackEnv } from '../../support/stack';

// Database tests act as the API roles inside one transaction that is rolled back at the end
// (Basejump style): `set local role` plus the `request.jwt.claims` PostgREST would set, so RLS,
// grants and the SQL functions decide exactly as they do for real requests.

export type Actor = { kind: 'anon' } | { kind: 'user'; id: string; email: string } | { kind: 'service' };

export const anon: Actor = { kind: 'anon' };
export const service: Actor = { kind: 'service' };

/** A Postgres error as node-postgres reports it. */
export interface PgError extends Error {
  code: string;
  detail?: string;
  /** The violated constraint, for 23xxx errors. */
  constraint?: string;
}

export interface Outcome<Row> {
  rows: Row[];
  rowCount: number;
  error: PgError | null;
}

/** The run's local stack; TEST_DATABASE_URL runs the database tests against another database. */
export function databaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? stackEnv().dbUrl;
}

const DATE_OID = 1082;

// Dates stay 'yyyy-MM-dd' strings, as PostgREST sends them, instead of local-time Date objects.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs `fn` again when Postgres ended it as one side of a deadlock (40P01). Removing committed
 * rows runs while the stack's workers (outbox, reminders, waiting list) touch the same bookings;
 * should two of them ever meet in opposite lock order, Postgres aborts one, and like the workers
 * (which try again later) the cleanup tries again. (The outbox worker's record step was one such
 * pair: tests/db/outbox-record-lock-order.test.ts.)
 */
async function retryOnDeadlock<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if ((error as PgError).code !== '40P01' || attempt >= attempts) throw error;
    }
  }
}

export async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl(), types });
  await client.connect();
  return client;
}

function roleOf(actor: Actor): string {
  if (actor.kind === 'user') return 'authenticated';
  return actor.kind === 'anon' ? 'anon' : 'service_role';
}

function claimsOf(actor: Actor): Record<string, unknown> {
  if (actor.kind === 'user') {
    return { sub: actor.id, email: actor.email, role: 'authenticated', aud: 'authenticated' };
  }
  return { role: roleOf(actor) };
}

function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as Partial<PgError>).code === 'string';
}

let savepointCounter = 0;

/** One transaction; `query` runs as the superuser, `as` as an API role. */
export class Session {
  constructor(private readonly client: pg.Client) {}

  /** As the superuser (fixtures, checks). Throws on error. */
  async query<Row extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params: unknown[] = [],
  ): Promise<Row[]> {
    const result = await this.client.query<Row>(text, params);
    return result.rows;
  }

  /**
   * Runs one statement as the actor inside a savepoint: an error is returned, not thrown, and
   * undoes only this statement; afterwards the session is the superuser again.
   */
  async as<Row extends pg.QueryResultRow = Record<string, unknown>>(
    actor: Actor,
    text: string,
    params: unknown[] = [],
  ): Promise<Outcome<Row>> {
    const savepoint = `actor_${++savepointCounter}`;
    await this.client.query(`savepoint ${savepoint}`);
    try {
      await this.client.query(`set local role ${roleOf(actor)}`);
      await this.client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify(claimsOf(actor)),
      ]);
      const result = await this.client.query<Row>(text, params);
      await this.client.query('reset role');
      await this.client.query(`select set_config('request.jwt.claims', '', true)`);
      await this.client.query(`release savepoint ${savepoint}`);
      return { rows: result.rows, rowCount: result.rowCount ?? 0, error: null };
    } catch (error) {
      await this.client.query(`rollback to savepoint ${savepoint}`);
      if (!isPgError(error)) throw error;
      return { rows: [], rowCount: 0, error };
    }
  }

  /** An auth user (with the profile the trigger creates); optionally an admin. */
  async createUser(options: { admin?: boolean; email?: string } = {}): Promise<Actor & { kind: 'user' }> {
    const email = options.email ?? `user-${Math.random().toString(36).slice(2)}@example.ch`;
    const [user] = await this.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), now(), now())
       returning id`,
      [email],
    );
    if (!user) throw new Error('user not created');
    if (options.admin) {
      await this.query('update public.profiles set is_admin = true where id = $1', [user.id]);
    }
    return { kind: 'user', id: user.id, email };
  }
}

/** Runs fn in a transaction that is always rolled back, on its own connection. */
export async function inRolledBackTransaction<T>(fn: (session: Session) => Promise<T>): Promise<T> {
  const client = await connect();
  try {
    await client.query('begin');
    return await fn(new Session(client));
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/**
 * Removes committed test events with their bookings. An event whose bookings hold seats or carry
 * money cannot be deleted (events_guard_delete, issue 24), and payment rows stay with their
 * booking (on delete restrict): so money rows first, then the bookings, then the events.
 */
export async function removeEvents(
  client: { query: (text: string, params: unknown[]) => Promise<unknown> },
  eventIds: string[],
): Promise<void> {
  const bookings = 'select p.id from public.participants p where p.event_id = any($1::uuid[])';
  // Each step commits on its own, so a step ended by a deadlock is simply run again.
  const run = (text: string) => retryOnDeadlock(() => client.query(text, [eventIds]));
  await run(`delete from public.refund_requests where participant_id in (${bookings})`);
  await run(`delete from public.receipts where participant_id in (${bookings})`);
  await run(`delete from public.payments where participant_id in (${bookings})`);
  await run('delete from public.participants where event_id = any($1::uuid[])');
  await run('delete from public.events where id = any($1::uuid[])');
}

/** Opens a transaction on a committed-data connection as the service role (the API's own claims). */
export async function beginAsService(client: pg.Client): Promise<void> {
  await client.query('begin');
  await client.query('set local role service_role');
  await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
}

/** The connection's backend process, as pg_stat_activity and waitsForLock name it. */
export async function backendPid(client: pg.Client): Promise<number> {
  return (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
}

/**
 * Until the backend `pid` waits for a lock (a concurrency test's "the second transaction is now
 * blocked by the first"): polls pg_stat_activity from `observer`, no fixed sleep.
 */
export async function waitsForLock(observer: pg.Client, pid: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await observer.query<{ wait_event_type: string | null }>(
            'select wait_event_type from pg_stat_activity where pid = $1',
            [pid],
          )
        ).rows[0]?.wait_event_type,
      { timeout: 10_000, interval: 20 },
    )
    .toBe('Lock');
}
