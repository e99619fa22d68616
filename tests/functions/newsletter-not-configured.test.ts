import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../tools/local-stack/stack';
import { callerIp, invoke, uniqueEmail } from './function-helpers';

// A second stack whose functions lack Mailchimp settings, as a hosted project would before
// its secrets are set: the sign-up must still be stored, and the answer must name what is
// missing so the newsletter box can show the spec's "Bitte kontaktiere den Administrator." text.

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

let stack: RunningStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'functions-unconfigured-'));
  stack = await startStack({
    apiPort: await freePort(),
    dbPort: await freePort(),
    dataDir,
    ephemeral: true,
    functionsEnv: { MAILCHIMP_API_KEY: '', MAILCHIMP_SERVER_PREFIX: '' },
  });
});

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('newsletter-subscribe without Mailchimp configuration', () => {
  it('stores the sign-up as not_configured and answers 500 with which setting is missing', async () => {
    const client = createClient(stack.config.apiUrl, stack.config.anonKey, { auth: { persistSession: false } });
    const email = uniqueEmail('frueh');
    const answer = await invoke(client, 'newsletter-subscribe', { email, ccAdmin: true }, callerIp());

    expect(answer).toEqual({
      status: 500,
      body: {
        success: false,
        error: 'Der Newsletter-Dienst ist nicht vollständig eingerichtet.',
        details: { hasApiKey: false, hasAudienceId: true, hasServerPrefix: false },
      },
    });
    const db = new pg.Client({ connectionString: stack.config.dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query('select status, sync_status from public.newsletter_subscriptions where email = $1', [email]);
      expect(rows).toEqual([{ status: 'pending', sync_status: 'not_configured' }]);
    } finally {
      await db.end();
    }
    expect(stack.mailchimp.list()).toEqual([]);
  });
});
