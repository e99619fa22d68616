import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createChallenge } from 'altcha-lib';
import { anonClientFrom, serviceClient, sql, stackEnv } from '../support/stack';

// Shared by the edge-function tests: one answer shape for success and failure, and unique
// caller addresses so the Postgres rate limits of one test never leak into another.

export const PROVIDER_EMAIL = 'hallo@sinneswerk.ch';

export interface FunctionAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The functions behind a public form: they want a solved proof-of-work challenge. */
const WITH_CHALLENGE = new Set([
  'send-contact-email',
  'newsletter-subscribe',
  'register-for-event',
  'join-waitlist',
  'book-fondue-evening',
  'buy-gift-voucher',
]);

/**
 * Calls a function through supabase-js; a non-2xx answer is read from the FunctionsHttpError.
 * A form function's body gets a freshly solved challenge, as the browser's widget adds one,
 * unless the body has an `altcha` key of its own (tests of the challenge itself).
 */
export async function invoke(
  client: SupabaseClient,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<FunctionAnswer> {
  const needsChallenge =
    WITH_CHALLENGE.has(name) && body !== null && typeof body === 'object' && !('altcha' in body);
  const { data, error, response } = await client.functions.invoke(name, {
    body: (needsChallenge ? { ...body, altcha: await solvedAltcha() } : body) as Record<string, unknown>,
    headers,
  });
  if (!error) return { status: response?.status ?? 200, body: data as Record<string, unknown> };
  const context: unknown = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) throw error;
  return { status: context.status, body: (await context.json()) as Record<string, unknown> };
}

let visitors = 0;

/**
 * An anonymous visitor with an address of its own, so the rate limits one test hits never reach
 * another: its connections come from a loopback address no other visitor uses, and the gateway
 * reports that address as the client's (a forwarding header would be overwritten, as on Supabase).
 */
export function visitor(url = stackEnv().apiUrl): SupabaseClient {
  visitors += 1;
  return anonClientFrom(`127.77.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`, url);
}

export function uniqueEmail(prefix = 'gast'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.ch`;
}

/** A register-for-event body as the booking form sends it (a fresh address and request id). */
export function booking(eventId: string, overrides: Record<string, unknown> = {}) {
  return {
    eventId,
    name: 'Anna Muster',
    email: uniqueEmail('anna'),
    phone: '+41 79 123 45 67',
    paymentMethod: 'onsite',
    notes: '',
    requestId: randomUUID(),
    ...overrides,
  };
}

export interface TestEvent {
  id: string;
  title: string;
}

/** A published, bookable event a month ahead (own row, so no test depends on the seed). */
export async function createEvent(
  overrides: {
    title?: string;
    startTime?: string;
    endTime?: string | null;
    bringAlong?: string;
    maxParticipants?: number;
  } = {},
): Promise<TestEvent> {
  const title = overrides.title ?? `Breathwork am Abend ${randomUUID().slice(0, 6)}`;
  const [row] = await sql<{ id: string }>(
    `insert into public.events (title, description, category, start_date, start_time, end_time, location, price,
                                max_participants, status, payment_methods, bring_along)
     values ($1, 'Atmen, ankommen, loslassen.', 'breathwork', current_date + 30, $2, $5, 'Tramstrasse 12, 5034 Suhr',
             45, $4, 'published', array['onsite'], $3)
     returning id`,
    [
      title,
      overrides.startTime ?? '18:30',
      overrides.bringAlong ?? 'Yogamatte und warme Socken',
      overrides.maxParticipants ?? 20,
      overrides.endTime === undefined ? '20:00' : overrides.endTime,
    ],
  );
  return { id: row!.id, title };
}

export interface Registration {
  participantId: string;
  token: string;
}

/**
 * A registration as a visitor's booking form makes it: through the register-for-event function
 * (solved challenge, the client's address limit), which calls register_for_event.
 */
export async function register(
  client: SupabaseClient,
  eventId: string,
  participant: {
    name?: string;
    email?: string;
    notes?: string;
    paymentMethod?: string;
    persons?: number;
  } = {},
): Promise<Registration> {
  const answer = await invoke(client, 'register-for-event', {
    eventId,
    name: participant.name ?? 'Anna Muster',
    email: participant.email ?? uniqueEmail('anna'),
    phone: '+41 79 123 45 67',
    paymentMethod: participant.paymentMethod ?? 'onsite',
    notes: participant.notes ?? '',
    ...(participant.persons ? { persons: participant.persons } : {}),
  });
  if (answer.status !== 200)
    throw new Error(`register-for-event answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { participantId: String(answer.body.participant_id), token: String(answer.body.confirmation_token) };
}

export interface OutboxRun {
  success: boolean;
  sent: number;
  retrying: number;
  failed: number;
}

/** One run of the outbox worker, called as the platform calls it (service-role key). */
export async function runOutbox(client: SupabaseClient = serviceClient()): Promise<OutboxRun> {
  const answer = await invoke(client, 'process-outbox', {});
  if (answer.status !== 200)
    throw new Error(`process-outbox answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const { success, sent, retrying, failed } = answer.body;
  return {
    success: success === true,
    sent: Number(sent),
    retrying: Number(retrying),
    failed: Number(failed),
  };
}

/** Time passes: every mail waiting for its next try is due now. */
export async function outboxDueNow(): Promise<void> {
  await sql(`update public.mail_outbox set next_attempt_at = now() where state = 'queued'`);
}

export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string | null;
  subject: string | null;
  state: string;
  attempts: number;
  last_error: string | null;
  provider_id: string | null;
  participant_id: string | null;
  enquiry_id: string | null;
}

export function outboxRows(where = 'true', params: unknown[] = []): Promise<OutboxRow[]> {
  return sql<OutboxRow>(
    `select id, kind, recipient, subject, state, attempts, last_error, provider_id, participant_id, enquiry_id
     from public.mail_outbox where ${where} order by created_at, kind`,
    params,
  );
}

/** The local stack's challenge key (tools/local-stack/config.ts), to forge expired challenges. */
export const LOCAL_ALTCHA_KEY = 'local-altcha-hmac-key-not-for-production';

interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/**
 * Solves a challenge as the widget does (find n with sha256(salt + n) = challenge) and returns
 * the payload the forms send. node:crypto's synchronous hash is ~100 times faster than the
 * library's Web Crypto loop, which matters on a loaded test machine.
 */
export function solve(challenge: AltchaChallenge): string {
  const max = challenge.maxnumber ?? 1_000_000;
  for (let number = 0; number <= max; number += 1) {
    const hash = createHash('sha256').update(`${challenge.salt}${number}`).digest('hex');
    if (hash === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
    }
  }
  throw new Error('challenge not solvable');
}

/** A fresh challenge from the altcha-challenge function (GET, no API key, like the widget). */
export async function fetchChallenge(url = stackEnv().apiUrl): Promise<AltchaChallenge> {
  const response = await fetch(`${url}/functions/v1/altcha-challenge`);
  if (!response.ok) throw new Error(`altcha-challenge answered ${response.status}`);
  return (await response.json()) as AltchaChallenge;
}

/** What a visitor's browser sends along with a form: a solved, unused challenge. */
export async function solvedAltcha(url = stackEnv().apiUrl): Promise<string> {
  return solve(await fetchChallenge(url));
}

/** A challenge signed with the local key that expired a minute ago. */
export async function expiredAltcha(): Promise<string> {
  const challenge = await createChallenge({
    hmacKey: LOCAL_ALTCHA_KEY,
    maxnumber: 1000,
    expires: new Date(Date.now() - 60_000),
  });
  return solve(challenge);
}

/** A fresh manage token for a booking written directly (as register_for_event stores one: its hash). */
export async function manageToken(participantId: string): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await sql(
    `insert into public.manage_tokens (token_hash, participant_id, expires_at) values ($1, $2, now() + interval '30 days')`,
    [createHash('sha256').update(token).digest('hex'), participantId],
  );
  return token;
}

/** The document download the pages make (booking-receipt: a receipt, or the ticket), as a raw Response. */
export function downloadBookingPdf(body: Record<string, unknown>): Promise<Response> {
  const { apiUrl, anonKey } = stackEnv();
  return fetch(`${apiUrl}/functions/v1/booking-receipt`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
