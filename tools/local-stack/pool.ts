import pg from 'pg';

/**
 * A pool whose connections may be cut at any time without taking the process down.
 *
 * Resetting the database (`drop database ... with (force)`) ends every session, including one a
 * request or a cron run has checked out and is between two queries on. node-postgres then emits
 * 'error' on that client, and pg-pool only listens on idle clients: with no listener the error is
 * thrown and ends the process that hosts the stack (the vitest run, `npm run dev`). The caller
 * still learns of it: its next query on the dead client rejects.
 */
export function createResilientPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
