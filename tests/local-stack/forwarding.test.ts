/**
 * The gateway sets the forwarding headers the way the hosted platform's edge does
 * (Cloudflare in front of Supabase's gateway): `cf-connecting-ip` and `x-real-ip` are the
 * socket's address whatever the client sent, and the socket's address is appended to
 * `x-forwarded-for`. Both REST (via `request.headers`, as PostgREST exposes them to SQL) and
 * the edge functions see only those values, so a forged header never reaches a rate limit.
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { resolveConfig } from '../../tools/local-stack/config';
import { createFunctionsHandler } from '../../tools/local-stack/functions/index';
import { startGateway, unavailable, type Gateway } from '../../tools/local-stack/server';
import type { StackContext } from '../../tools/local-stack/types';
import { resetDatabase, sql, stackEnv } from '../support/stack';

const FORGED = {
  'CF-Connecting-IP': '203.0.113.66',
  'X-Real-IP': '203.0.113.67',
  'X-Forwarded-For': '198.51.100.7',
  'X-Custom-Header': 'Wert',
};

/** GET through the stack's gateway from a socket bound to `localAddress` (any 127.x address is loopback). */
function getFrom(localAddress: string, path: string, headers: Record<string, string>): Promise<unknown> {
  const api = new URL(stackEnv().apiUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: api.hostname, port: api.port, path, localAddress, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode} ${body}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('forwarding headers on REST (request.headers)', () => {
  beforeAll(async () => {
    await resetDatabase();
    await sql(`create function public.test_request_headers() returns json language sql stable
               as $$ select current_setting('request.headers', true)::json $$`);
    await sql(`grant execute on function public.test_request_headers() to anon`);
  });

  it('replaces a forged CF-Connecting-IP and X-Real-IP with the socket address and appends it to X-Forwarded-For', async () => {
    const client = createClient(stackEnv().apiUrl, stackEnv().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: FORGED },
    });
    const { data, error } = await client.rpc('test_request_headers');
    expect(error).toBeNull();
    const headers = data as Record<string, string>;
    expect(headers['cf-connecting-ip']).toBe('127.0.0.1');
    expect(headers['x-real-ip']).toBe('127.0.0.1');
    expect(headers['x-forwarded-for']).toBe('198.51.100.7, 127.0.0.1');
    // Names are lower-case, as PostgREST passes them.
    expect(headers['x-custom-header']).toBe('Wert');
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(JSON.stringify(headers)).not.toContain('203.0.113.6');
  });

  it('reports the address the connection really comes from', async () => {
    const headers = (await getFrom('127.0.0.23', '/rest/v1/rpc/test_request_headers', {
      apikey: stackEnv().anonKey,
      ...FORGED,
    })) as Record<string, string>;
    expect(headers['cf-connecting-ip']).toBe('127.0.0.23');
    expect(headers['x-real-ip']).toBe('127.0.0.23');
    expect(headers['x-forwarded-for']).toBe('198.51.100.7, 127.0.0.23');
  });

  it('sets the headers also when the client sent none', async () => {
    const headers = (await getFrom('127.0.0.24', '/rest/v1/rpc/test_request_headers', {
      apikey: stackEnv().anonKey,
    })) as Record<string, string>;
    expect(headers['cf-connecting-ip']).toBe('127.0.0.24');
    expect(headers['x-forwarded-for']).toBe('127.0.0.24');
  });
});

describe('forwarding headers on edge functions', () => {
  let gateway: Gateway;
  let stopFunctions: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'forwarding-test-'));
    const config = await resolveConfig({
      apiUrl: stackEnv().apiUrl,
      dataDir,
      jwtSecret: stackEnv().jwtSecret,
    });
    const functions = createFunctionsHandler(config, {
      extraDirs: [join(__dirname, '..', 'fixtures', 'functions')],
      prestart: false,
    });
    stopFunctions = functions.stop;
    const none = unavailable('route', 'not part of this test');
    // The real gateway with only the functions route: the headers are set where every route passes.
    gateway = await startGateway(
      { config } as StackContext,
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
  });

  afterAll(async () => {
    await gateway?.close();
    await stopFunctions?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never passes a client-supplied CF-Connecting-IP or X-Real-IP to a function', async () => {
    const client = createClient(`http://127.0.0.1:${gateway.port}`, stackEnv().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data, error } = await client.functions.invoke('conformance-client-address', {
      method: 'GET',
      headers: FORGED,
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      cfConnectingIp: '127.0.0.1',
      realIp: '127.0.0.1',
      forwardedFor: '198.51.100.7, 127.0.0.1',
    });
  });
});
