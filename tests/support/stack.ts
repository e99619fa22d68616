/**
 * What integration test files use to reach the one local stack of the run (started by
 * tests/support/global-setup.ts):
 *
 *   beforeAll(() => resetDatabase());           // fresh migrated + seeded database per file
 *   const rows = await sql('select * from events where status = $1', ['published']);
 *   const admin = await createUser({ email: 'a@example.ch', password: 'pw-123456', admin: true });
 *   const client = await signedInClient(admin.email, admin.password);
 *   const mails = await mailbox().waitFor((m) => m.to.includes('a@example.ch'));
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { Agent } from 'undici';
import { inject, vi } from 'vitest';
import type { StoredMail } from '../../tools/local-stack/mail/mailbox';
import type { Member } from '../../tools/local-stack/mailchimp/handler';
import type { Refund as StripeRefund, StripeEvent } from '../../tools/local-stack/stripe/account';
import { createConfirmedUser, grantAdmin } from '../../tools/local-stack/migrate';
import { createResilientPool } from '../../tools/local-stack/pool';
import type { StackEnv } from './stack-env';

export type { StoredMail, Member, StripeEvent, StripeRefund };
export type FaultMode = 500 | 'timeout' | null;

export function stackEnv(): StackEnv {
  const env = inject('localStack');
  if (!env) throw new Error('No local stack: run this file in the vitest "integration" project.');
  return env;
}

let pool: pg.Pool | null = null;

function superuserPool(): pg.Pool {
  if (!pool) {
    pool = createResilientPool(stackEnv().dbUrl, 4);
  }
  return pool;
}

/** Runs SQL as the superuser `postgres` (RLS does not apply). */
export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const result = await superuserPool().query<Row>(text, params);
  return result.rows;
}

/**
 * Gives the calling test file the state right after start: the migrated and seeded database
 * (including the local admin), no stored files, an empty mailbox, no provider faults.
 */
export async function resetDatabase(): Promise<void> {
  // Our own connections would be cut by the reset anyway; close them first.
  const previous = pool;
  pool = null;
  await previous?.end();
  await control('/__stack/reset', {});
}

/**
 * Moves the database's clock (private.now(), which every deadline, reminder and retention rule
 * reads) by `shift`, a Postgres interval such as '30 hours'; `null` puts it back. The reset of
 * resetDatabase() also puts it back.
 */
export async function shiftClock(shift: string | null): Promise<void> {
  await control('/__stack/clock', { shift });
}

/** The stack's controls take the local token: its service-role key (docs/local-stack.md). */
function controlHeaders(): Record<string, string> {
  return { Authorization: `Bearer ${stackEnv().serviceRoleKey}` };
}

async function control(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${stackEnv().apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...controlHeaders() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function anonClient(): SupabaseClient {
  return createClient(stackEnv().apiUrl, stackEnv().anonKey, clientOptions);
}

/**
 * An anonymous client whose connections come from `address` (any 127.x.y.z reaches this
 * machine). The gateway reports the socket's address as the client's, as the hosted platform
 * does, so this is how a test plays several visitors; a forwarding header cannot do it.
 */
export function anonClientFrom(address: string, url = stackEnv().apiUrl): SupabaseClient {
  const dispatcher = new Agent({ localAddress: address });
  const fetchFrom: typeof fetch = (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
  return createClient(url, stackEnv().anonKey, { ...clientOptions, global: { fetch: fetchFrom } });
}

export function serviceClient(): SupabaseClient {
  return createClient(stackEnv().apiUrl, stackEnv().serviceRoleKey, clientOptions);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** A confirmed e-mail user (as if signed up and verified), optionally an admin. */
export async function createUser(options: {
  email: string;
  password: string;
  admin?: boolean;
}): Promise<TestUser> {
  const client = await superuserPool().connect();
  try {
    const id = await createConfirmedUser(client, options.email, options.password);
    if (options.admin) await grantAdmin(client, id);
    return { id, email: options.email.trim().toLowerCase(), password: options.password };
  } finally {
    client.release();
  }
}

/** A supabase-js client signed in through the real password grant. */
export async function signedInClient(email: string, password: string): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return client;
}

/** The stand-in mail provider's messages (oldest first). */
export function mailbox() {
  const base = `${stackEnv().apiUrl}/__mail`;
  const messages = async (): Promise<StoredMail[]> => {
    const response = await fetch(`${base}/messages`);
    return (await response.json()) as StoredMail[];
  };
  return {
    messages,
    async clear(): Promise<void> {
      const response = await fetch(`${base}/messages`, { method: 'DELETE', headers: controlHeaders() });
      if (!response.ok) throw new Error(`clearing the mailbox failed: ${response.status}`);
    },
    /** Waits until a message matching `predicate` has arrived and returns it. */
    waitFor(predicate: (mail: StoredMail) => boolean, timeout = 10_000): Promise<StoredMail> {
      return vi.waitFor(
        async () => {
          const found = (await messages()).find(predicate);
          if (!found) throw new Error('no matching mail yet');
          return found;
        },
        { timeout, interval: 50 },
      );
    },
    /** Simulates the mail provider down (500) or hanging ('timeout'); null restores it. */
    failWith: (mode: FaultMode) => control('/__mail/control', { failWith: mode }),
  };
}

/** The stand-in Mailchimp audience's members. */
export function mailchimp() {
  return {
    async members(): Promise<Member[]> {
      const response = await fetch(`${stackEnv().apiUrl}/__mailchimp/members`);
      return (await response.json()) as Member[];
    },
    failWith: (mode: FaultMode) => control('/__mailchimp/control', { failWith: mode }),
  };
}

/** The Stripe stand-in: what it sent to the webhook endpoint, and the visitor's checkout page. */
export function stripeStandIn() {
  const base = `${stackEnv().apiUrl}/__stripe`;
  return {
    async events(): Promise<StripeEvent[]> {
      const response = await fetch(`${base}/events`);
      return (await response.json()) as StripeEvent[];
    },
    /** Every refund the account made (the dashboard's list). */
    async refunds(): Promise<StripeRefund[]> {
      const response = await fetch(`${base}/refunds`);
      return (await response.json()) as StripeRefund[];
    },
    /** Presses a button of the checkout page ('pay-twint', 'pay-card', 'cancel', 'expire'). */
    async checkout(
      sessionId: string,
      action: 'pay-twint' | 'pay-card' | 'cancel' | 'expire',
    ): Promise<Response> {
      return fetch(`${base}/checkout/${sessionId}/${action}`, {
        method: 'POST',
        headers: controlHeaders(),
        redirect: 'manual',
      });
    },
    /** Sends an event again with a fresh signature (Stripe's retries, the dashboard's "Resend"). */
    async resend(eventId: string): Promise<{ status: number | null; error: string | null }> {
      const response = await fetch(`${base}/events/${eventId}/resend`, {
        method: 'POST',
        headers: controlHeaders(),
      });
      if (!response.ok) throw new Error(`resending ${eventId} failed: ${response.status}`);
      return (await response.json()) as { status: number | null; error: string | null };
    },
    forwardTo: (url: string | null) => control('/__stripe/webhook-endpoint', { url }),
    /** The payment method types activated in the account's dashboard (reset: card and TWINT). */
    enableMethods: (enabled: Array<'card' | 'twint'>) => control('/__stripe/payment-methods', { enabled }),
    failWith: (mode: FaultMode) => control('/__stripe/control', { failWith: mode }),
  };
}
