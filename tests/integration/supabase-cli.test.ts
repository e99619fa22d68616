import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_FILE, PLATFORM_FILE } from '../../tools/local-stack/migrate';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { sql, stackEnv } from '../support/stack';

// The real Supabase CLI (devDependency `supabase`, pinned) against this project: it reads
// supabase/config.toml without a warning, and `supabase db push` applies every migration to a
// fresh database of the test stack's Postgres, finds nothing to do the second time, and keeps
// the same migration history the stand-in writes (a database the stand-in migrated is up to
// date for the CLI). Independent of how many migration files there are or how they are named.

const CLI = join(REPO_ROOT, 'node_modules', '.bin', 'supabase');
const run = promisify(execFile);

interface CliResult {
  code: number;
  output: string;
}

async function supabase(args: string[], workdir = REPO_ROOT): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(CLI, [...args, '--workdir', workdir], {
      env: { ...process.env, DO_NOT_TRACK: '1' },
      timeout: 120_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

/** The CLI needs TLS switched off explicitly for a local server without it. */
function cliUrl(database: string): string {
  const url = new URL(stackEnv().dbUrl);
  url.pathname = `/${database}`;
  url.searchParams.set('sslmode', 'disable');
  return url.toString();
}

/** What the files say the history must hold: version and name of each migration. */
function migrationFiles(): { version: string; name: string }[] {
  return readdirSync(join(REPO_ROOT, 'supabase', 'migrations'))
    .filter((file) => /^\d+_.*\.sql$/.test(file))
    .sort()
    .map((file) => {
      const stem = file.replace(/\.sql$/, '');
      const cut = stem.indexOf('_');
      return { version: stem.slice(0, cut), name: stem.slice(cut + 1) };
    });
}

const HISTORY = `select version, name from supabase_migrations.schema_migrations order by version`;
const HISTORY_COLUMNS = `select column_name, data_type from information_schema.columns
  where table_schema = 'supabase_migrations' and table_name = 'schema_migrations' order by column_name`;

const database = `cli_push_${process.pid}_${Date.now()}`;
let fresh: pg.Client;

beforeAll(async () => {
  await sql(`create database ${database}`);
  fresh = new pg.Client({ connectionString: new URL(cliUrl(database)).toString().replace(/\?.*$/, '') });
  await fresh.connect();
  // What a new hosted project has before its first push: Supabase's own schemas, roles and
  // extensions (auth, storage, vault, pg_cron, pg_net), the stand-in's copy of them.
  await fresh.query(await readFile(BASELINE_FILE, 'utf8'));
  await fresh.query(await readFile(PLATFORM_FILE, 'utf8'));
});

afterAll(async () => {
  await fresh?.end();
  await sql(`drop database if exists ${database} with (force)`);
});

describe('the Supabase CLI', () => {
  it('reads config.toml without a warning (and would warn about a deprecated section)', async () => {
    // `status` loads the config before it looks for Docker; the Docker error is expected here.
    const ours = await supabase(['status']);
    expect(ours.output).not.toMatch(/WARN|failed to (read|load|parse) config|ConfigParse/i);

    const copy = mkdtempSync(join(tmpdir(), 'supabase-config-'));
    try {
      cpSync(join(REPO_ROOT, 'supabase', 'config.toml'), join(copy, 'supabase', 'config.toml'));
      writeFileSync(join(copy, 'supabase', 'config.toml'), '\n[inbucket]\nenabled = true\n', { flag: 'a' });
      const deprecated = await supabase(['status'], copy);
      expect(deprecated.output).toMatch(/WARN: config section \[inbucket\] is deprecated/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('db push applies every migration to a fresh database, and a second push finds nothing to do', async () => {
    const files = migrationFiles();
    expect(files.length).toBeGreaterThan(0);

    const first = await supabase(['db', 'push', '--db-url', cliUrl(database), '--yes']);
    expect(first.output).toContain('Finished supabase db push');
    expect(first.code).toBe(0);
    expect((await fresh.query(HISTORY)).rows).toEqual(files);

    const second = await supabase(['db', 'push', '--db-url', cliUrl(database), '--yes']);
    expect(second.code).toBe(0);
    expect(second.output).toContain('Remote database is up to date');
    expect((await fresh.query(HISTORY)).rows).toEqual(files);
  });

  it('keeps the migration history the way the stand-in does', async () => {
    // Same table, same rows: the stand-in's database is up to date for the CLI too.
    expect((await fresh.query(HISTORY_COLUMNS)).rows).toEqual(await sql(HISTORY_COLUMNS));
    expect((await fresh.query(HISTORY)).rows).toEqual(await sql(HISTORY));
    const stack = new URL(stackEnv().dbUrl).pathname.slice(1);
    const dryRun = await supabase(['db', 'push', '--db-url', cliUrl(stack), '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.output).toContain('Remote database is up to date');
  });
});
