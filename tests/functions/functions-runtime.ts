import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { resolveConfig } from '../../tools/local-stack/config';
import { createFunctionsHandler } from '../../tools/local-stack/functions';
import { stackEnv } from '../support/stack';

// A second runtime for the real edge functions on Deno, against the same database and provider
// stand-ins as the test stack but with some environment changed: a missing secret, or a short
// provider timeout so a hanging provider costs a second instead of eight.

export interface FunctionsRuntime {
  /** A supabase-js client whose functions.invoke reaches this runtime. */
  client: SupabaseClient;
  close(): Promise<void>;
}

export async function startFunctionsRuntime(envOverrides: Record<string, string>): Promise<FunctionsRuntime> {
  const env = stackEnv();
  const dataDir = await mkdtemp(join(tmpdir(), 'functions-runtime-'));
  const config = await resolveConfig({ ...env, dataDir });
  const functions = createFunctionsHandler({
    ...config,
    functionsEnv: { ...config.functionsEnv, ...envOverrides },
  });
  const ctx = { pool: new pg.Pool({ connectionString: env.dbUrl }), config };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void functions.handler(req, res, url.pathname.replace(/^\/functions\/v1/, ''), url, ctx);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    client: createClient(url, env.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await functions.stop();
      await ctx.pool.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Short enough to keep the tests quick, long enough for a healthy local provider. */
export const FAST_PROVIDER_TIMEOUT = { PROVIDER_TIMEOUT_MS: '1500' };
