import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailbox, resetDatabase, sql, stackEnv, stripeStandIn } from '../support/stack';
import { createEvent, invoke, register, uniqueEmail, type TestEvent } from './function-helpers';
import { startFunctionsRuntime, type FunctionsRuntime } from './functions-runtime';

// The functions with the new API keys as a hosted project provides them: SUPABASE_SECRET_KEYS
// and SUPABASE_PUBLISHABLE_KEYS (JSON objects of named keys) and no legacy JWT keys at all. The
// Vault secrets the database's cron jobs and pg_net kicks read point at that runtime and hold the
// sb_secret_ key, as docs/deployment.md has the provider store them, so the queues are worked off
// on the production path: the workers must accept the secret key, use it for their own database
// client (through the gateway, which maps it to service_role), and refuse anything else.

let runtime: FunctionsRuntime;
let event: TestEvent;
/** A visitor of the stack's REST API with the publishable key. */
let publishable: SupabaseClient;

async function setVaultSecret(name: string, value: string): Promise<void> {
  await sql('select vault.update_secret((select id from vault.secrets where name = $1), $2)', [name, value]);
}

beforeAll(async () => {
  await resetDatabase();
  runtime = await startFunctionsRuntime({}, { apiKeys: 'new' });
  publishable = createClient(stackEnv().apiUrl, runtime.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  await setVaultSecret('project_url', runtime.url);
  await setVaultSecret('service_role_key', runtime.serviceRoleKey);
  event = await createEvent({ maxParticipants: 50 });
  await sql(`update public.events set payment_methods = array['stripe', 'onsite'] where id = $1`, [event.id]);
});
afterAll(async () => {
  await setVaultSecret('project_url', stackEnv().apiUrl);
  await setVaultSecret('service_role_key', stackEnv().serviceRoleKey);
  await runtime?.close();
});

describe('edge functions with sb_publishable_/sb_secret_ keys', () => {
  it('hands out the new keys only', () => {
    expect(runtime.anonKey).toMatch(/^sb_publishable_/);
    expect(runtime.serviceRoleKey).toMatch(/^sb_secret_/);
  });

  it('process-outbox refuses the legacy and the publishable key', async () => {
    const legacy = await fetch(`${runtime.url}/functions/v1/process-outbox`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stackEnv().serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(legacy.status).toBe(401);
    expect((await invoke(runtime.client, 'process-outbox', {})).status).toBe(401);
    expect((await invoke(runtime.client, 'process-refunds', {})).status).toBe(401);
  });

  it('a booking through the publishable key is mailed by process-outbox, called with the secret key', async () => {
    const email = uniqueEmail('neuschluessel');
    await register(runtime.client, event.id, { email });
    // Delivered by the kick after queueing (pg_net with the Vault's sb_secret_ key) or the cron.
    const mail = await mailbox().waitFor((m) => m.to.includes(email), 30_000);
    expect(mail.subject).toContain('Anmeldebestätigung');
    const run = await invoke(runtime.serviceClient, 'process-outbox', {});
    expect(run.status).toBe(200);
    expect(run.body.success).toBe(true);
  });

  it('process-refunds accepts the secret key and refunds with it', async () => {
    const email = uniqueEmail('neurueckgabe');
    const registration = await register(runtime.client, event.id, { email, paymentMethod: 'stripe' });
    const [row] = await sql<{ reference: string; token: string }>(
      'select reference, private.mint_manage_token(id) as token from public.participants where id = $1',
      [registration.participantId],
    );
    const checkout = await invoke(runtime.client, 'create-checkout', {
      participantId: registration.participantId,
      token: registration.token,
    });
    expect(checkout.status).toBe(200);
    await stripeStandIn().checkout(String(checkout.body.url).split('/').pop()!, 'pay-twint');
    await vi.waitFor(
      async () => {
        const [paid] = await sql(
          `select 1 from public.payments where participant_id = $1 and state = 'succeeded'`,
          [registration.participantId],
        );
        expect(paid).toBeDefined();
      },
      { timeout: 15_000 },
    );
    const { error } = await publishable.rpc('change_booking', {
      p_reference: row!.reference,
      p_token: row!.token,
      p_persons: 0,
    });
    expect(error).toBeNull();
    // Worked off by the kick (pg_net with the sb_secret_ key) or by a run of our own with it.
    await vi.waitFor(
      async () => {
        const run = await invoke(runtime.serviceClient, 'process-refunds', {});
        expect(run.status).toBe(200);
        const [request] = await sql<{ state: string; refund_id: string | null }>(
          'select state, refund_id from public.refund_requests where participant_id = $1',
          [registration.participantId],
        );
        expect(request).toMatchObject({ state: 'done', refund_id: expect.any(String) });
      },
      { timeout: 20_000, interval: 300 },
    );
    const [paid] = await sql<{ payment_intent_id: string; payment_status: string }>(
      `select y.provider_reference as payment_intent_id, private.payment_word(y.participant_id) as payment_status
         from public.payments y where y.participant_id = $1`,
      [registration.participantId],
    );
    expect(paid!.payment_status).toBe('refunded');
    const refunds = (await stripeStandIn().refunds()).filter(
      (refund) => refund.payment_intent === paid!.payment_intent_id,
    );
    expect(refunds).toHaveLength(1);
  });
});
