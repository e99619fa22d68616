/**
 * The clock tests control: POST /__stack/clock moves private.now() (and private.today_in_zurich())
 * by an interval, refuses what is not one and callers without the local token, and is put back by
 * `null` and by a reset.
 */
import { resetDatabase, shiftClock, sql, stackEnv } from '../support/stack';

async function databaseTimes() {
  const [row] = await sql<{ drift_seconds: number; today: string }>(
    `select extract(epoch from private.now() - now())::float8 as drift_seconds,
            private.today_in_zurich()::text as today`,
  );
  if (!row) throw new Error('no row');
  return row;
}

beforeAll(resetDatabase);
afterEach(() => shiftClock(null));

it('reads now() while no test has moved it', async () => {
  expect((await databaseTimes()).drift_seconds).toBe(0);
});

it('moves private.now() and today in Zurich by the shift, and back with null', async () => {
  const [expected] = await sql<{ today: string }>(
    `select ((now() + interval '3 days') at time zone 'Europe/Zurich')::date::text as today`,
  );
  await shiftClock('3 days');
  expect(await databaseTimes()).toEqual({ drift_seconds: 3 * 86_400, today: expected?.today });
  await shiftClock(null);
  expect((await databaseTimes()).drift_seconds).toBe(0);
});

it('a reset puts the clock back', async () => {
  await shiftClock('-2 hours');
  await resetDatabase();
  expect((await databaseTimes()).drift_seconds).toBe(0);
});

it('refuses a shift that is no interval, and callers without the local token', async () => {
  await expect(shiftClock('tomorrow-ish')).rejects.toThrow(/400/);
  const anonymous = await fetch(`${stackEnv().apiUrl}/__stack/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ shift: '1 day' }),
  });
  expect(anonymous.status).toBeGreaterThanOrEqual(401);
  expect((await databaseTimes()).drift_seconds).toBe(0);
});

it('neither the API nor a signed-in user can read or move the clock', async () => {
  const [privileges] = await sql<{ anon: boolean; authenticated: boolean }>(
    `select has_table_privilege('anon', 'private.clock', 'insert') as anon,
            has_table_privilege('authenticated', 'private.clock', 'select') as authenticated`,
  );
  expect(privileges).toEqual({ anon: false, authenticated: false });
});
