import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeFromFailure } from '@/features/newsletter/api/newsletter-outcome';
import { resolveConfig } from '../../tools/local-stack/config';
import { createFunctionsHandler } from '../../tools/local-stack/functions';
import { mailchimp, resetDatabase, sql, stackEnv } from '../support/stack';
import { callerIp, invoke, uniqueEmail } from './function-helpers';

// The real newsletter-subscribe on Deno, as a hosted project runs it before all its Mailchimp
// secrets are set: a second functions runtime against the same database and stand-ins, with
// one setting removed per case. The sign-up must still be stored, and the answer must say what
// is missing so the newsletter box shows the spec's "Bitte kontaktiere den Administrator." text.

interface Runtime {
  url: string;
  close(): Promise<void>;
}

let dataDir: string;
const runtimes: Runtime[] = [];

async function functionsWithout(missing: string): Promise<Runtime> {
  const env = stackEnv();
  const config = await resolveConfig({ ...env, dataDir });
  const functions = createFunctionsHandler({ ...config, functionsEnv: { ...config.functionsEnv, [missing]: '' } });
  const ctx = { pool: new pg.Pool({ connectionString: env.dbUrl }), config };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void functions.handler(req, res, url.pathname.replace(/^\/functions\/v1/, ''), url, ctx);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const runtime = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await functions.stop();
      await ctx.pool.end();
    },
  };
  runtimes.push(runtime);
  return runtime;
}

beforeAll(async () => {
  await resetDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'functions-unconfigured-'));
});

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  await rm(dataDir, { recursive: true, force: true });
});

describe('newsletter-subscribe without Mailchimp configuration', () => {
  it.each([
    [
      'MAILCHIMP_API_KEY',
      { hasApiKey: false, hasAudienceId: true, hasServerPrefix: true },
      'Der API-Schlüssel des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    ],
    [
      'MAILCHIMP_AUDIENCE_ID',
      { hasApiKey: true, hasAudienceId: false, hasServerPrefix: true },
      'Die Audience-ID des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    ],
    [
      'MAILCHIMP_SERVER_PREFIX',
      { hasApiKey: true, hasAudienceId: true, hasServerPrefix: false },
      'Das Server-Präfix des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.',
    ],
  ])('without %s stores the sign-up and answers 500 naming it', async (missing, details, uiMessage) => {
    const runtime = await functionsWithout(missing);
    const client = createClient(runtime.url, stackEnv().anonKey, { auth: { persistSession: false } });
    const email = uniqueEmail('frueh');

    const answer = await invoke(client, 'newsletter-subscribe', { email, ccAdmin: true }, callerIp());

    expect(answer).toEqual({
      status: 500,
      body: { success: false, error: 'Der Newsletter-Dienst ist nicht vollständig eingerichtet.', details },
    });
    expect(await sql('select status, sync_status from public.newsletter_subscriptions where email = $1', [email])).toEqual([
      { status: 'pending', sync_status: 'not_configured' },
    ]);
    expect((await mailchimp().members()).some((member) => member.email_address === email)).toBe(false);
    // What the newsletter box makes of this answer.
    expect(outcomeFromFailure({ kind: 'http', body: answer.body })).toEqual({
      ok: false,
      title: 'Anmeldung fehlgeschlagen',
      description: uiMessage,
    });
  });
});
