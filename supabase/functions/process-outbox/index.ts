// Delivers the mail outbox (public.mail_outbox). Called every minute by Supabase Cron and right
// after a mail was queued (both through pg_net, see supabase/schemas/50_outbox_and_mail_payloads.sql), only with the
// service-role key. Each run takes due mails with claim_outbox_mails (for update skip locked, so
// two runs never take the same mail; the loop is _shared/work-queue.ts), sends them with the
// message id as Resend's Idempotency-Key (a retry after a lost answer is not sent twice) and
// records every try with record_outbox_attempt, which schedules the next try with exponential
// backoff.
import { siteSettings } from '../_shared/env.ts';
import { serveJson } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { renderOutboxMail, UnrenderableMail } from '../_shared/outbox.ts';
import { createServiceClient, requireServiceRole, type ServiceClient } from '../_shared/supabase-clients.ts';
import { drainQueue, type Tally } from '../_shared/work-queue.ts';
import type { Tables } from '@common/database.ts';

type OutboxRow = Tables<'mail_outbox'>;

/** Mails taken per round; a round sends them side by side. */
const BATCH_SIZE = 20;
/** Longer than a send may take (PROVIDER_TIMEOUT_MS, default 8 s), so a claim outlives its round. */
const LEASE_SECONDS = 120;
/** A run stops taking new rounds after this long; the next run continues. */
const RUN_BUDGET_MS = 40_000;

async function deliver(service: ServiceClient, row: OutboxRow): Promise<string | null> {
  const site = siteSettings();
  let recipient = row.recipient;
  let subject = row.subject;
  let outcome: { providerId?: string; error?: string; permanent?: boolean };
  try {
    const mail = await renderOutboxMail(site, row);
    recipient = mail.to.join(', ');
    subject = mail.subject;
    const sent = await sendMail(mail);
    outcome = sent.ok ? { providerId: sent.id } : { error: sent.error, permanent: sent.permanent };
  } catch (error) {
    outcome = { error: String(error), permanent: error instanceof UnrenderableMail };
  }
  if (outcome.error) console.error('Outbox mail not delivered', row.id, row.kind, outcome.error);

  const { data: state, error } = await service.rpc('record_outbox_attempt', {
    p_id: row.id,
    p_attempt: row.attempts,
    p_recipient: recipient ?? undefined,
    p_subject: subject ?? undefined,
    p_provider_id: outcome.providerId,
    p_error: outcome.error,
    p_permanent: outcome.permanent ?? false,
  });
  // Not recorded: the claim's lease runs out and the mail is tried again with the same
  // idempotency key, so the provider does not send it twice.
  if (error) console.error('Recording the outbox attempt failed', row.id, error.message);
  return state;
}

function run(service: ServiceClient): Promise<Tally> {
  return drainQueue({
    claim: async () => {
      const { data, error } = await service.rpc('claim_outbox_mails', {
        p_limit: BATCH_SIZE,
        p_lease_seconds: LEASE_SECONDS,
      });
      if (error) throw new Error(`Claiming outbox mails failed: ${error.message}`);
      return data ?? [];
    },
    work: (row) => deliver(service, row),
    finishedState: 'sent',
    parallel: true,
    budgetMs: RUN_BUDGET_MS,
  });
}

Deno.serve(
  serveJson(async (_body, req) => {
    requireServiceRole(req);
    const { finished, retrying, failed } = await run(createServiceClient());
    return { body: { success: true, sent: finished, retrying, failed } };
  }),
);
