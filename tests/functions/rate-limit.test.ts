import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, resetDatabase, serviceClient, sql } from '../support/stack';

// hit_rate_limit (supabase/schemas/70_abuse_protection.sql), the counter behind every public function's 429.

const hit = async (key: string, limit = 3, windowSeconds = 600) => {
  const { data, error } = await serviceClient().rpc('hit_rate_limit', {
    p_key: key,
    p_limit: limit,
    p_window_seconds: windowSeconds,
  });
  if (error) throw new Error(error.message);
  return data as boolean;
};

beforeAll(() => resetDatabase());

describe('hit_rate_limit', () => {
  it('allows up to the limit per key, then refuses; other keys count apart', async () => {
    const key = `test:${randomUUID()}`;
    expect([await hit(key), await hit(key), await hit(key), await hit(key)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(await hit(`${key}:other`)).toBe(true);
  });

  it('opens a new window once the first hit is older than the window', async () => {
    const key = `test:${randomUUID()}`;
    for (let i = 0; i < 4; i += 1) await hit(key);
    expect(await hit(key)).toBe(false);
    await sql(
      `update public.function_rate_limits set window_start = now() - interval '11 minutes' where key = $1`,
      [key],
    );

    expect(await hit(key)).toBe(true);
    expect(await sql('select hits from public.function_rate_limits where key = $1', [key])).toEqual([
      { hits: 1 },
    ]);
  });

  it('loses no count under concurrent hits', async () => {
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(key, 10)));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await sql('select hits from public.function_rate_limits where key = $1', [key])).toEqual([
      { hits: 20 },
    ]);
  });

  it('is for the service role only', async () => {
    const { error } = await anonClient().rpc('hit_rate_limit', {
      p_key: 'x',
      p_limit: 1,
      p_window_seconds: 60,
    });
    expect(error?.code).toBe('42501');
    const { error: read } = await anonClient().from('function_rate_limits').select('key');
    expect(read?.code).toBe('42501');
  });
});

// take_rate_limit_units: the weighted counter behind the persons an address may book per event
// (private.book, in the booking's transaction).
const take = async (key: string, units: number, limit = 6) => {
  const { data, error } = await serviceClient().rpc('take_rate_limit_units', {
    p_key: key,
    p_units: units,
    p_limit: limit,
    p_window_seconds: 600,
  });
  if (error) throw new Error(error.message);
  return data as boolean;
};

describe('take_rate_limit_units', () => {
  it('grants units only while they fit, and a refusal counts nothing', async () => {
    const key = `test:${randomUUID()}`;
    expect([await take(key, 6), await take(key, 6), await take(key, 1)]).toEqual([true, false, false]);
    expect(await take(`${key}:other`, 7)).toBe(false);
    expect(await take(`${key}:other`, 3)).toBe(true);
    expect(await sql('select hits from public.function_rate_limits where key = $1', [key])).toEqual([
      { hits: 6 },
    ]);
  });

  it('never grants more than the limit under concurrent takes', async () => {
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => take(key, 2, 10)));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it('is for the service role only', async () => {
    const { error } = await anonClient().rpc('take_rate_limit_units', {
      p_key: 'x',
      p_units: 1,
      p_limit: 1,
      p_window_seconds: 60,
    });
    expect(error?.code).toBe('42501');
  });
});
