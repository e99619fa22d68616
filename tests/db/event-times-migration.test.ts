import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../tools/local-stack/migrate';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { freePort } from '../../tools/local-stack/ports';
import { startPostgres, type RunningPostgres } from '../../tools/local-stack/postgres';

// supabase/migrations/20261128010000_event_times.sql reads the old free-text time of every event
// into start_time/end_time. Applied here to a database migrated up to just before it and holding
// events in each text style the provider typed, plus one it cannot read (reported, not guessed).

const MIGRATION = '20261128010000_event_times.sql';
const migrations = join(REPO_ROOT, 'supabase', 'migrations');

let dataDir: string;
let postgres: RunningPostgres;
let client: pg.Client;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'event-times-migration-'));
  const before = join(dataDir, 'supabase');
  await mkdir(join(before, 'migrations'), { recursive: true });
  for (const file of await readdir(migrations)) {
    if (file.endsWith('.sql') && file < MIGRATION)
      await cp(join(migrations, file), join(before, 'migrations', file));
  }
  postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), port: await freePort(), ephemeral: true });
  await prepareDatabase(postgres.url(), { supabaseDir: before, seed: false });
  client = new pg.Client({ connectionString: postgres.url() });
  await client.connect();
}, 180_000);

afterAll(async () => {
  await client?.end();
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('reads "18:30 Uhr", "10 Uhr", ranges with colons, dots, dashes and "bis", and reports what it cannot read', async () => {
  const texts: Record<string, [string, string | null, string]> = {
    // title: [time text, end date, expected 'start-end' ('' for none)]
    uhr: ['18:30 Uhr', null, '18:30:00-'],
    bareHour: ['10 Uhr', null, '10:00:00-'],
    range: ['18:30–21:30', null, '18:30:00-21:30:00'],
    dotted: ['18.30 - 21.30 Uhr', null, '18:30:00-21:30:00'],
    spaced: ['09:00 - 11:30', null, '09:00:00-11:30:00'],
    hours: ['10-12 Uhr', null, '10:00:00-12:00:00'],
    days: ['Samstag 10:00 bis Sonntag 16:00', '2030-05-12', '10:00:00-16:00:00'],
    empty: ['', null, '-'],
    unreadable: ['abends', null, '-'],
    backwards: ['21:30 - 18:30', null, '-'],
  };
  for (const [title, [time, endDate]] of Object.entries(texts)) {
    await client.query(
      `insert into public.events (title, category, start_date, end_date, time, location, price, max_participants,
                                  status, payment_methods)
       values ($1, 'workshop', '2030-05-11', $2, $3, 'Suhr', 10, 10, 'published', '{onsite}')`,
      [title, endDate, time],
    );
  }
  const reports: string[] = [];
  client.on('notice', (notice) => reports.push(`${notice.severity}: ${notice.message}`));
  await client.query(await readFile(join(migrations, MIGRATION), 'utf8'));

  const { rows } = await client.query<{ title: string; times: string }>(
    `select title, concat(start_time, '-', end_time) as times from public.events order by title`,
  );
  expect(Object.fromEntries(rows.map((row) => [row.title, row.times]))).toEqual(
    Object.fromEntries(Object.entries(texts).map(([title, [, , times]]) => [title, times])),
  );
  expect(reports.filter((line) => line.startsWith('WARNING'))).toEqual([
    expect.stringMatching(/\(backwards\) not read.*21:30 - 18:30$/),
    expect.stringMatching(/\(unreadable\) not read.*abends$/),
  ]);
  expect(reports).toContain('NOTICE: event_times: 7 event times read, 2 not read');
  // The text is gone; the deadline counts from the structured start.
  const { rows: columns } = await client.query(
    `select 1 from information_schema.columns where table_schema = 'public' and table_name = 'events' and column_name = 'time'`,
  );
  expect(columns).toEqual([]);
});
