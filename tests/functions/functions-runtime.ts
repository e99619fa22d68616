import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { resolveConfig } from '../../tools/local-stack/config';
import { createFunctionsHandler } from '../../tools/local-stack/functions';
import { startGateway, unavailable } from '../../tools/local-stack/server';
import type { ApiKeyKind } from '../../tools/local-stack/types';
import { stackEnv } from '../support/stack';

// A second runtime for the real edge functions on Deno, against the same database and provider
// stand-ins as the test stack but with some environment changed: a missing secret, or a short
// provider timeout so a hanging provider costs a second instead of eight, or the new API keys
// (sb_publishable_/sb_secret_) in place of the stack's legacy JWT keys.

export interface FunctionsRuntime {
  /** The runtime's gateway, e.g. http://127.0.0.1:1234 (for clients of a visitor of their own). */
  url: string;
  /** A supabase-js client whose functions.invoke reaches this runtime. */
  client: SupabaseClient;
  /** The same with the service-role (or, with new keys, the secret) key (for process-outbox). */
  serviceClient: SupabaseClient;
  /** The keys this runtime's functions were given and its clients use. */
  anonKey: string;
  serviceRoleKey: string;
  close(): Promise<void>;
}

export async function startFunctionsRuntime(
  envOverrides: Record<string, string>,
  runtimeOptions: { apiKeys?: ApiKeyKind } = {},
): Promise<FunctionsRuntime> {
  const env = stackEnv();
  const dataDir = await mkdtemp(join(tmpdir(), 'functions-runtime-'));
  // With new keys the stack's own (legacy) keys are not passed on: the runtime hands out its own.
  const keys = runtimeOptions.apiKeys === 'new' ? { anonKey: undefined, serviceRoleKey: undefined } : {};
  const config = await resolveConfig({ ...env, ...keys, apiKeys: runtimeOptions.apiKeys, dataDir });
  const functions = createFunctionsHandler({
    ...config,
    functionsEnv: { ...config.functionsEnv, ...envOverrides },
  });
  const ctx = { pool: new pg.Pool({ connectionString: env.dbUrl }), config };
  // The stack's own gateway with only the functions route, so requests get the same forwarding
  // headers as through the stack.
  const none = unavailable('route', 'only functions are served here');
  const gateway = await startGateway(
    ctx,
    {
      rest: none,
      auth: none,
      storage: none,
      mail: none,
      mailchimp: none,
      stripeApi: none,
      stripe: none,
      control: none,
      functions: functions.handler,
    },
    0,
  );
  const url = `http://127.0.0.1:${gateway.port}`;
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  return {
    url,
    client: createClient(url, config.anonKey, options),
    serviceClient: createClient(url, config.serviceRoleKey, options),
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    async close() {
      await gateway.close();
      await functions.stop();
      await ctx.pool.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Short enough to keep the tests quick, long enough for a healthy local provider. */
export const FAST_PROVIDER_TIMEOUT = { PROVIDER_TIMEOUT_MS: '1500' };
