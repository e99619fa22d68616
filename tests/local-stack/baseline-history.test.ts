import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../tools/local-stack/migrate';
import { BASELINE_VERSION, SQUASHED_VERSIONS } from '../../tools/local-stack/squashed-migrations';
import { stackEnv } from '../support/stack';

// The 47 migrations of before the first deploy were squashed into one baseline. A developer's
// database made before the squash recorded the old versions; prepareDatabase must neither apply
// the baseline over it (every `create table` would fail) nor guess about a history it cannot match.

const DATABASE = `baseline_history_${process.pid}`;

function urlOf(database: string): string {
  const url = new URL(stackEnv().dbUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function history(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  return rows.map((row) => row.version);
}

/**
 * Makes the database's history look like one made from the old migration files; migrations made
 * after the squash stay recorded, as on a developer's database that applied them later.
 */
async function recordOldHistory(client: pg.Client, versions: readonly string[]): Promise<void> {
  await client.query('delete from supabase_migrations.schema_migrations where version <= $1', [
    BASELINE_VERSION,
  ]);
  for (const version of versions) {
    await client.query(
      `insert into supabase_migrations.schema_migrations (version, name) values ($1, 'old')`,
      [version],
    );
  }
}

describe('a database that recorded the squashed migrations', () => {
  let admin: pg.Client;
  let client: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: urlOf('template1') });
    await admin.connect();
    await admin.query(`create database ${DATABASE} template template0 encoding 'UTF8'`);
    await prepareDatabase(urlOf(DATABASE), { seed: false });
    client = new pg.Client({ connectionString: urlOf(DATABASE) });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  });

  it('records the baseline instead when it has all of them, and applies nothing again', async () => {
    await recordOldHistory(client, SQUASHED_VERSIONS);
    const result = await prepareDatabase(urlOf(DATABASE), { seed: false });
    expect(result.applied).toEqual([]);
    expect(await history(client)).toContain(BASELINE_VERSION);
    expect(await history(client)).not.toContain(SQUASHED_VERSIONS[0]);
  });

  it('asks for `npm run db:reset` when it has only some of them', async () => {
    await recordOldHistory(client, SQUASHED_VERSIONS.slice(0, 10));
    await expect(prepareDatabase(urlOf(DATABASE), { seed: false })).rejects.toThrow(/npm run db:reset/);
  });
});
