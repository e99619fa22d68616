import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { withScratchDatabases } from '../../tools/schema/databases';
import { PROJECT_SCHEMAS } from '../../tools/schema/domains';
import { SCHEMAS_DIR, schemaFileNames } from '../../tools/schema/files';
import { renderSchemaFiles, UnplacedObjectsError } from '../../tools/schema/render';
import { diffSnapshots, snapshot, type Snapshot } from '../../tools/schema/snapshot';
import { stackEnv } from '../support/stack';

// supabase/schemas/*.sql is the readable current database. Three fresh databases on the test
// stack's Postgres, each built like `npm run db:reset` (without seed): one from
// supabase/migrations, one from the schema files, one from the platform alone. The first two must
// have the same catalog (functions, policies, constraints, indexes, triggers, grants, columns,
// views, RLS flags, comments) and platform data (buckets, cron jobs, table rows); the committed
// files must be what `npm run db:schema` writes from the migrations now.

const CREATE_FUNCTION = /^CREATE OR REPLACE FUNCTION ([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)\(/gim;

function databaseUrlOf(database: string): string {
  const url = new URL(stackEnv().dbUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The first lines where two texts part, for a readable failure. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  let line = 0;
  while (line < Math.max(a.length, b.length) && a[line] === b[line]) line += 1;
  const show = (lines: string[]) => lines.slice(line, line + 5).join('\n      ');
  return `line ${line + 1}:\n    committed:\n      ${show(a)}\n    generated:\n      ${show(b)}`;
}

describe('the schema files (supabase/schemas)', () => {
  let fromMigrations: Snapshot;
  let fromSchemaFiles: Snapshot;
  let generated: Map<string, string>;
  let committed: Map<string, string>;
  let unplaced: unknown;

  beforeAll(async () => {
    await withScratchDatabases(
      databaseUrlOf,
      ['migrations', 'schema-files', 'platform-only'],
      async ([migrated, schema, platform]) => {
        fromMigrations = await withClient(migrated!, snapshot);
        fromSchemaFiles = await withClient(schema!, snapshot);
        generated = await withClient(migrated!, (client) =>
          withClient(platform!, (platformClient) => renderSchemaFiles(client, platformClient)),
        );
        // A table and a function a migration would add without placing them in the domain map.
        unplaced = await withClient(migrated!, async (client) => {
          await client.query('create table public.unplaced_probe (id int primary key)');
          await client.query(
            `create function private.unplaced_probe() returns int language sql as 'select 1'`,
          );
          return withClient(platform!, (platformClient) => renderSchemaFiles(client, platformClient)).catch(
            (error: unknown) => error,
          );
        });
      },
    );
    committed = new Map();
    for (const name of await schemaFileNames()) {
      committed.set(name, await readFile(join(SCHEMAS_DIR, name), 'utf8'));
    }
  }, 300_000);

  it('build the same database as the migrations', () => {
    const difference = diffSnapshots(fromMigrations, fromSchemaFiles, ['migrations', 'schema files']);
    expect(
      difference,
      'The schema files and the migrations give different databases; run `npm run db:schema`',
    ).toBe('');
    // The comparison looked at something.
    expect(fromMigrations.functions!.length).toBeGreaterThan(100);
    expect(fromMigrations.policies!.length).toBeGreaterThan(20);
    expect(fromMigrations['cron jobs']!.length).toBeGreaterThan(0);
  });

  it('are what `npm run db:schema` generates from the migrations now', () => {
    expect([...committed.keys()], 'schema files to add or remove: run `npm run db:schema`').toEqual([
      ...generated.keys(),
    ]);
    const stale = [...generated]
      .filter(([name, text]) => committed.get(name) !== text)
      .map(([name, text]) => `${name} ${firstDifference(committed.get(name) ?? '', text)}`);
    expect(stale, 'stale schema files: run `npm run db:schema` and commit them').toEqual([]);
  });

  it('are not generated while an object is in no domain (tools/schema/domains.ts)', () => {
    expect(unplaced).toBeInstanceOf(UnplacedObjectsError);
    expect(String(unplaced)).toContain('public.unplaced_probe is in no domain');
    expect(String(unplaced)).toContain('private.unplaced_probe() is in no domain');
  });

  it('define every function exactly once, in one file (register_for_event too)', () => {
    const definitions = new Map<string, string[]>();
    for (const [file, text] of committed) {
      for (const match of text.matchAll(CREATE_FUNCTION)) {
        definitions.set(match[1]!, [...(definitions.get(match[1]!) ?? []), file]);
      }
    }
    const functions = fromMigrations
      .functions!.map((line) => line.slice(0, line.indexOf('(')))
      .filter((name) => PROJECT_SCHEMAS.includes(name.split('.')[0]!));
    const overloads = new Map<string, number>();
    for (const name of functions) overloads.set(name, (overloads.get(name) ?? 0) + 1);
    const wrong = [...overloads]
      .filter(
        ([name, count]) =>
          definitions.get(name)?.length !== count || new Set(definitions.get(name)).size !== 1,
      )
      .map(([name]) => `${name}: ${definitions.get(name)?.join(', ') ?? 'nowhere'}`);
    expect(wrong).toEqual([]);
    expect(definitions.get('public.register_for_event')).toEqual(['20_bookings.sql']);
  });
});
