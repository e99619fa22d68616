import { describe, expect, it, beforeAll } from 'vitest';
import { anonClient, createUser, resetDatabase, sql, stackEnv } from '../support/stack';

describe('database reset', () => {
  beforeAll(() => resetDatabase());

  it('drops what a test file wrote and keeps the migrated, seeded state with the local admin', async () => {
    await createUser({ email: 'temp@example.ch', password: 'secret-123' });
    expect(await sql('select 1 from auth.users where email = $1', ['temp@example.ch'])).toHaveLength(1);

    await resetDatabase();

    expect(await sql('select 1 from auth.users where email = $1', ['temp@example.ch'])).toHaveLength(0);
    expect(await sql('select 1 from auth.users where email = $1', ['admin@example.ch'])).toHaveLength(1);
    expect(stackEnv().apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(anonClient()).toBeDefined();
  });
});
