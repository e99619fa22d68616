import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../local-stack/migrate';
import { freePort } from '../local-stack/ports';
import { startPostgres } from '../local-stack/postgres';
import { concatenatedSchema } from './files';

/** Where the project's schema comes from when a scratch database is built. */
export type Source = 'migrations' | 'schema-files' | 'platform-only';

/**
 * Fresh databases in one cluster, each built the way `npm run db:reset` builds the application
 * database (prepareDatabase: platform baseline, migrations, no seed) from the chosen source:
 * the migrations in supabase/migrations, the schema files in supabase/schemas applied as one
 * migration, or nothing (only what the platform brings, to tell its objects from ours).
 */
export async function withScratchDatabases<T>(
  urlOf: (database: string) => string,
  sources: Source[],
  fn: (urls: string[]) => Promise<T>,
): Promise<T> {
  const suffix = `${process.pid}_${Date.now()}`;
  const names = sources.map((source) => `schema_${source.replace('-', '_')}_${suffix}`);
  const workDir = await mkdtemp(join(tmpdir(), 'schema-source-'));
  const admin = new pg.Client({ connectionString: urlOf('template1') });
  await admin.connect();
  try {
    for (const [index, source] of sources.entries()) {
      await admin.query(`create database ${names[index]} template template0 encoding 'UTF8'`);
      const url = urlOf(names[index]!);
      await prepareDatabase(url, { seed: false, supabaseDir: await supabaseDirFor(source, workDir) });
      // The local admin prepareDatabase adds is no platform state (its id differs per build).
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // Every account goes, admins included: the last-admin guard (profiles_guard_last_admin)
        // would refuse that, so it is off for this one statement.
        await client.query(`
          do $$
          declare
            guarded boolean := exists (select 1 from pg_trigger t
              where t.tgname = 'profiles_guard_last_admin' and t.tgrelid = to_regclass('public.profiles'));
          begin
            if guarded then
              alter table public.profiles disable trigger profiles_guard_last_admin;
            end if;
            delete from auth.users;
            if guarded then
              alter table public.profiles enable trigger profiles_guard_last_admin;
            end if;
          end;
          $$`);
      } finally {
        await client.end();
      }
    }
    return await fn(names.map((name) => urlOf(name)));
  } finally {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function supabaseDirFor(source: Source, workDir: string): Promise<string | undefined> {
  if (source === 'migrations') return undefined;
  const dir = join(workDir, source);
  await mkdir(join(dir, 'migrations'), { recursive: true });
  if (source === 'schema-files') {
    await writeFile(join(dir, 'migrations', '00000000000000_schema_files.sql'), await concatenatedSchema());
  }
  return dir;
}

/** A throw-away Postgres cluster for the command line (the tests use their stack's cluster). */
export async function withThrowawayCluster<T>(
  fn: (urlOf: (database: string) => string) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-gen-'));
  try {
    const postgres = await startPostgres({ dataDir, port: await freePort(), ephemeral: true });
    try {
      return await fn((database) => postgres.url(database));
    } finally {
      await postgres.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
