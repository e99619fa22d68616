/**
 * Conformance of the local `/functions/v1` with Supabase's edge runtime and relay, driven
 * through functions-js: forwarding, streaming, error kinds, the environment, npm imports,
 * restarts after a crash and reloads after a change.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createClient,
  FunctionsHttpError,
  FunctionsRelayError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { resolveConfig } from '../../tools/local-stack/config';
import { createFunctionsHandler, type FunctionsOptions } from '../../tools/local-stack/functions/index';
import { verifyJwtFor } from '../../tools/local-stack/functions/verify-jwt';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '../../tools/local-stack/jwt';
import type { StackContext } from '../../tools/local-stack/types';
import { anonClient, stackEnv } from '../support/stack';

const FIXTURES = join(__dirname, '..', 'fixtures', 'functions');

interface Relay {
  /** Base URL of the relay, e.g. http://127.0.0.1:1234 */
  url: string;
  client: SupabaseClient;
  stop(): Promise<void>;
}

/**
 * The stack's gateway serves supabase/functions only; the test-only fixtures are served by a
 * second functions handler of the same kind, mounted at /functions/v1 of a small server.
 */
async function startRelay(
  extraDir: string,
  watchFunctions: boolean,
  dataDir: string,
  options: FunctionsOptions = { prestart: false },
): Promise<Relay> {
  const config = await resolveConfig({
    apiUrl: stackEnv().apiUrl,
    dataDir,
    jwtSecret: stackEnv().jwtSecret,
    watchFunctions,
  });
  const functions = createFunctionsHandler(config, { extraDirs: [extraDir], ...options });
  const ctx = { config } as StackContext;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void functions.handler(req, res, url.pathname.replace(/^\/functions\/v1/, ''), url, ctx);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = createClient(`http://127.0.0.1:${port}`, stackEnv().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    client,
    async stop() {
      await functions.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let dataDir: string;
let relay: Relay;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'functions-test-'));
  relay = await startRelay(FIXTURES, false, dataDir);
});

afterAll(async () => {
  await relay?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('forwarding', () => {
  it('forwards method, path, headers and JSON body, and answers with the JSON the function sent', async () => {
    const { data, error } = await relay.client.functions.invoke('conformance-echo', {
      body: { name: 'Zürich' },
      headers: { 'x-custom': 'hallo' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/conformance-echo',
      apikey: stackEnv().anonKey,
      authorization: `Bearer ${stackEnv().anonKey}`,
      contentType: 'application/json',
      custom: 'hallo',
      body: JSON.stringify({ name: 'Zürich' }),
    });
  });

  it('forwards GET with a sub-path and query string', async () => {
    const { data } = await relay.client.functions.invoke('conformance-echo/detail?x=1', { method: 'GET' });
    expect(data).toMatchObject({ method: 'GET', path: '/conformance-echo/detail', search: '?x=1', body: '' });
  });

  it('streams a text answer through', async () => {
    const { data } = await relay.client.functions.invoke('conformance-echo?stream=text');
    expect(data).toBe('eins zwei drei');
  });

  it('gives the function the Supabase and mail variables of the stack', async () => {
    const { data } = await relay.client.functions.invoke('conformance-echo', { body: {} });
    expect(data.env).toEqual({
      SUPABASE_URL: stackEnv().apiUrl,
      hasAnonKey: true,
      hasServiceRoleKey: true,
      RESEND_BASE_URL: `${stackEnv().apiUrl}/__mail`,
    });
  });

  it('resolves npm: imports (zod, supabase-js) from the project node_modules', async () => {
    const { data, error } = await relay.client.functions.invoke('conformance-npm', {
      body: { name: 'Bern' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ valid: true, name: 'Bern', hasClient: true });
  });
});

describe('error kinds', () => {
  it('reports a non-2xx answer as FunctionsHttpError with the response as context', async () => {
    const { error } = await relay.client.functions.invoke('conformance-echo?status=422');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.context.status).toBe(422);
    expect(await error.context.json()).toEqual({ failed: true });
  });

  it('answers a throwing function with 500, as the edge runtime does', async () => {
    const { error } = await relay.client.functions.invoke('conformance-throw');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.context.status).toBe(500);
  });

  it('reports a crashed function as FunctionsRelayError and starts it afresh on the next call', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const { error } = await relay.client.functions.invoke('conformance-crash');
      expect(error).toBeInstanceOf(FunctionsRelayError);
    }
    expect((await relay.client.functions.invoke('conformance-echo', { body: {} })).error).toBeNull();
  });

  it('answers an unknown function, and shared code folders, with 404 NOT_FOUND', async () => {
    for (const name of ['conformance-nothing', '_shared']) {
      const { error } = await relay.client.functions.invoke(name);
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(error.context.status).toBe(404);
      expect(await error.context.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('is mounted in the stack gateway with the same 404 for unknown functions', async () => {
    const { error } = await anonClient().functions.invoke('conformance-echo');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.context.status).toBe(404);
  });
});

describe('verify_jwt', () => {
  it('lets a function without a config entry be called only with a valid JWT, as the gateway does', async () => {
    const forged = createClient(relay.url, stackEnv().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${stackEnv().anonKey.slice(0, -4)}AAAA` } },
    });
    const { error } = await forged.functions.invoke('conformance-echo', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.context.status).toBe(401);
    expect(await error.context.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const missing = await fetch(`${relay.url}/functions/v1/conformance-echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
  });

  it('refuses the new opaque keys there, which are no JWTs, as the hosted gateway does', async () => {
    for (const key of [LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY]) {
      const answer = await fetch(`${relay.url}/functions/v1/conformance-echo`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}` },
      });
      expect(answer.status, key).toBe(401);
      expect(await answer.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }
  });

  it('reads verify_jwt per function from config.toml, true by default', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'functions-config-'));
    const file = join(dir, 'config.toml');
    await writeFile(
      file,
      '[functions.open]\nverify_jwt = false # public\n\n[functions.closed]\nverify_jwt = true\n[auth]\nverify_jwt = false\n',
    );
    try {
      expect(verifyJwtFor('open', file)).toBe(false);
      expect(verifyJwtFor('closed', file)).toBe(true);
      expect(verifyJwtFor('unlisted', file)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('process lifecycle', () => {
  it('reloads a function after its file changes when watching', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'functions-watch-'));
    const source = (answer: string) => `Deno.serve(() => new Response(${JSON.stringify(answer)}));\n`;
    await mkdir(join(dir, 'conformance-live'));
    await writeFile(join(dir, 'conformance-live', 'index.ts'), source('erste'));
    const watching = await startRelay(dir, true, dataDir);
    try {
      expect((await watching.client.functions.invoke('conformance-live')).data).toBe('erste');
      await writeFile(join(dir, 'conformance-live', 'index.ts'), source('zweite'));
      await vi.waitFor(
        async () => expect((await watching.client.functions.invoke('conformance-live')).data).toBe('zweite'),
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await watching.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts the project functions before their first call when asked to (dev)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'functions-prestart-'));
    await mkdir(join(dir, 'conformance-early'));
    await writeFile(join(dir, 'conformance-early', 'index.ts'), 'Deno.serve(() => new Response("früh"));\n');
    const denoProcessesFor = () => {
      try {
        return execFileSync('pgrep', ['-f', join(dir, 'conformance-early')])
          .toString()
          .trim()
          .split('\n')
          .filter(Boolean);
      } catch {
        return [];
      }
    };
    const early = await startRelay(dir, false, dataDir, { projectDir: dir, prestart: true });
    try {
      await vi.waitFor(() => expect(denoProcessesFor()).toHaveLength(1), { timeout: 20_000, interval: 100 });
      expect((await early.client.functions.invoke('conformance-early')).data).toBe('früh');
      expect(denoProcessesFor()).toHaveLength(1);
    } finally {
      await early.stop();
      await rm(dir, { recursive: true, force: true });
    }
    expect(denoProcessesFor()).toEqual([]);
  });

  it('stops every Deno process on stop()', async () => {
    const own = await startRelay(FIXTURES, false, dataDir);
    const { data } = await own.client.functions.invoke('conformance-echo', { body: {} });
    const pid = data.pid as number;
    expect(() => process.kill(pid, 0)).not.toThrow();
    await own.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
