import { afterAll, describe, expect, it } from 'vitest';
import { createResilientPool } from '../../tools/local-stack/pool';
import { sql, stackEnv } from '../support/stack';

// Resetting the database ends every session, also one a request holds between two queries.
// That must cost the request its query, never the process hosting the stack.

const pool = createResilientPool(stackEnv().dbUrl, 2);
afterAll(() => pool.end());

describe('the stack connection pool', () => {
  it('survives a checked-out connection being cut between two queries', { timeout: 10_000 }, async () => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => client.once('end', resolve));

      await sql('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;

      await expect(client.query('select 1')).rejects.toThrow();
    } finally {
      client.release(true);
    }
    const { rows } = await pool.query<{ one: number }>('select 1 as one');
    expect(rows[0]!.one).toBe(1);
  });
});
