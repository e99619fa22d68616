// Works off public.refund_requests (supabase/schemas/40_payments_and_refunds.sql): the refunds and session expiries
// a visitor's own cancellation or reduction needs. Called every minute by Supabase Cron and right
// after a request was queued (pg_net), only with the service-role key. Like process-outbox, with
// the same loop (_shared/work-queue.ts): each run claims due requests (for update skip locked),
// calls Stripe with the request id as idempotency key (a retry after a lost answer refunds once;
// Stripe refuses more than what is left anyway) and records every try with
// record_refund_attempt, which schedules the next try with the outbox's backoff. The amount
// comes from the request row, which SQL computed.
import { serveJson } from '../_shared/http.ts';
import { Stripe, stripeClient, stripeSettings } from '../_shared/stripe.ts';
import { createServiceClient, requireServiceRole, type ServiceClient } from '../_shared/supabase-clients.ts';
import { drainQueue, type Tally } from '../_shared/work-queue.ts';
import type { Tables } from '@common/database.ts';

type RefundRequest = Tables<'refund_requests'>;

const BATCH_SIZE = 10;
/** Longer than a Stripe call with its own retries may take. */
const LEASE_SECONDS = 120;
const RUN_BUDGET_MS = 40_000;

interface Outcome {
  refundId?: string;
  error?: string;
  permanent?: boolean;
}

/** Stripe refused the request itself (4xx other than a rate limit): trying again will not help. */
function refusal(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripePermissionError
  );
}

async function attempt(stripe: Stripe, request: RefundRequest): Promise<Outcome> {
  if (request.kind === 'expire_checkout') {
    const sessionId = request.checkout_session_id!;
    try {
      const session = await stripe.checkout.sessions.expire(
        sessionId,
        {},
        { idempotencyKey: `expire-${request.id}` },
      );
      return { refundId: session.id };
    } catch (error) {
      if (!refusal(error)) throw error;
      // No longer open: expired already, or paid (the webhook refunds that in full).
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status !== 'open') return { refundId: session.id };
      throw error;
    }
  }
  const refund = await stripe.refunds.create(
    {
      payment_intent: request.payment_intent_id!,
      amount: request.amount_cents!,
      metadata: { refund_request_id: request.id, participant_id: request.participant_id ?? '' },
    },
    { idempotencyKey: `refund-request-${request.id}` },
  );
  return { refundId: refund.id };
}

async function work(service: ServiceClient, stripe: Stripe, request: RefundRequest): Promise<string | null> {
  let outcome: Outcome;
  try {
    outcome = await attempt(stripe, request);
  } catch (error) {
    outcome = { error: String(error), permanent: refusal(error) };
    console.error('Refund request not done', request.id, request.kind, outcome.error);
  }
  const { data: state, error } = await service.rpc('record_refund_attempt', {
    p_id: request.id,
    p_attempt: request.attempts,
    p_refund_id: outcome.refundId,
    p_error: outcome.error,
    p_permanent: outcome.permanent ?? false,
  });
  // Not recorded: the lease runs out and the next run tries again with the same idempotency
  // key, so Stripe answers with the same refund instead of making a second.
  if (error) console.error('Recording the refund attempt failed', request.id, error.message);
  return state;
}

function run(service: ServiceClient, stripe: Stripe): Promise<Tally> {
  return drainQueue({
    claim: async () => {
      const { data, error } = await service.rpc('claim_refund_requests', {
        p_limit: BATCH_SIZE,
        p_lease_seconds: LEASE_SECONDS,
      });
      if (error) throw new Error(`Claiming refund requests failed: ${error.message}`);
      return data ?? [];
    },
    work: (request) => work(service, stripe, request),
    finishedState: 'done',
    // One Stripe call after another: Stripe rate-limits, and a run is rarely more than a few.
    parallel: false,
    budgetMs: RUN_BUDGET_MS,
  });
}

Deno.serve(
  serveJson(async (_body, req) => {
    requireServiceRole(req);
    const settings = stripeSettings();
    // Without Stripe there is nothing this function can do; requests wait until it is set up.
    if (!settings) return { body: { success: true, done: 0, retrying: 0, failed: 0, stripe: false } };
    const { finished, retrying, failed } = await run(createServiceClient(), stripeClient(settings));
    return { body: { success: true, done: finished, retrying, failed } };
  }),
);
