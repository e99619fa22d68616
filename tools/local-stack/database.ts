import pg from 'pg';
import { databaseUrl, DB_NAME } from './postgres';

/** A frozen copy of the migrated and seeded database; tests restore from it per file. */
export const TEMPLATE_DB = 'stack_template';
/** Database and template operations cannot run while connected to the databases involved. */
const MAINTENANCE_DB = 'template1';

async function withMaintenance<T>(port: number, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(port, MAINTENANCE_DB) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Copies the application database into the template (replacing an older one). */
export function snapshotTemplate(port: number): Promise<void> {
  return withMaintenance(port, async (client) => {
    await dropDatabase(client, TEMPLATE_DB);
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [DB_NAME],
    );
    await client.query(`create database ${TEMPLATE_DB} template ${DB_NAME}`);
    // Nobody may connect to the template (a connection would block every restore).
    await client.query(`alter database ${TEMPLATE_DB} with is_template true allow_connections false`);
  });
}

export async function hasTemplate(port: number): Promise<boolean> {
  return withMaintenance(port, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE_DB]);
    return rowCount === 1;
  });
}

/** Replaces the application database by a fresh copy of the template, cutting off its sessions. */
export function restoreFromTemplate(port: number): Promise<void> {
  return withMaintenance(port, async (client) => {
    await client.query(`drop database if exists ${DB_NAME} with (force)`);
    await client.query(`create database ${DB_NAME} template ${TEMPLATE_DB}`);
  });
}

/** Replaces the application database by an empty one (to be rebuilt by prepareDatabase). */
export function recreateEmptyDatabase(port: number): Promise<void> {
  return withMaintenance(port, async (client) => {
    await client.query(`drop database if exists ${DB_NAME} with (force)`);
    await client.query(`create database ${DB_NAME} template template0 encoding 'UTF8'`);
  });
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (rowCount === 0) return;
  await client.query(`alter database ${name} with is_template false allow_connections true`);
  await client.query(`drop database ${name} with (force)`);
}
