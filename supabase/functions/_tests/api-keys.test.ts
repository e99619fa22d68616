// The project's API keys as the platform provides them (_shared/api-keys.ts) and the check of
// the cron caller (requireServiceRole). Run with the other Deno unit tests
// (tests/functions/deno-unit.test.ts).
import assert from 'node:assert/strict';
import { publishableKey, secretKey, secretKeys } from '../_shared/api-keys.ts';
import { HttpError } from '../_shared/http.ts';
import { requireServiceRole } from '../_shared/supabase-clients.ts';

const VARIABLES = [
  'SUPABASE_SECRET_KEYS',
  'SUPABASE_PUBLISHABLE_KEYS',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_ANON_KEY',
];

/** Runs `check` with exactly these key variables set, and restores the environment. */
function withKeys(keys: Record<string, string>, check: () => void): void {
  const before = new Map(VARIABLES.map((name) => [name, Deno.env.get(name)]));
  try {
    for (const name of VARIABLES) Deno.env.delete(name);
    for (const [name, value] of Object.entries(keys)) Deno.env.set(name, value);
    check();
  } finally {
    for (const [name, value] of before) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
  }
}

const called = (key: string) =>
  new Request('http://x/process-outbox', { method: 'POST', headers: { Authorization: `Bearer ${key}` } });

function refused(key: string): boolean {
  try {
    requireServiceRole(called(key));
    return false;
  } catch (error) {
    assert.ok(error instanceof HttpError && error.status === 401);
    return true;
  }
}

Deno.test('the new keys: JSON objects of named keys, the default one first', () => {
  withKeys(
    {
      SUPABASE_SECRET_KEYS: JSON.stringify({ cron: 'sb_secret_cron', default: 'sb_secret_main' }),
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_web' }),
    },
    () => {
      assert.equal(secretKey(), 'sb_secret_main');
      assert.equal(publishableKey(), 'sb_publishable_web');
      assert.deepEqual(secretKeys().sort(), ['sb_secret_cron', 'sb_secret_main']);
      assert.equal(refused('sb_secret_cron'), false);
      assert.equal(refused('sb_secret_main'), false);
      assert.equal(refused('sb_publishable_web'), true);
      assert.equal(refused('sb_secret_mai'), true);
    },
  );
});

Deno.test('the legacy keys alone still work, and both kinds side by side', () => {
  withKeys({ SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service', SUPABASE_ANON_KEY: 'eyJ.anon' }, () => {
    assert.equal(secretKey(), 'eyJ.service');
    assert.equal(publishableKey(), 'eyJ.anon');
    assert.equal(refused('eyJ.service'), false);
    assert.equal(refused('eyJ.anon'), true);
  });
  withKeys(
    { SUPABASE_SECRET_KEYS: '{"default":"sb_secret_new"}', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service' },
    () => {
      assert.equal(secretKey(), 'sb_secret_new');
      assert.equal(refused('eyJ.service'), false);
      assert.equal(refused('sb_secret_new'), false);
    },
  );
});

Deno.test('no key, a malformed variable or an empty bearer: refused, never accepted', () => {
  withKeys({}, () => {
    assert.throws(() => secretKey(), /SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY/);
    assert.equal(refused(''), true);
  });
  withKeys({ SUPABASE_SECRET_KEYS: 'sb_secret_not_json', SUPABASE_PUBLISHABLE_KEYS: '["x"]' }, () => {
    assert.deepEqual(secretKeys(), []);
    assert.throws(() => publishableKey(), /SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY/);
    assert.equal(refused('sb_secret_not_json'), true);
  });
  withKeys({ SUPABASE_SECRET_KEYS: '{"default":""}' }, () => {
    assert.equal(refused(''), true);
    assert.equal(new Request('http://x').headers.get('Authorization'), null);
    assert.throws(() => requireServiceRole(new Request('http://x')), HttpError);
  });
});
