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
import { deleteMemberPermanently, readMailchimpConfig } from '../_shared/mailchimp.ts';
import { mailPayloads } from '../_shared/mail-payloads.ts';
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

type Outcome = { providerId?: string; error?: string; permanent?: boolean };

/**
 * Not a mail: an erasure asks Mailchimp to forget a newsletter member (payload: Mailchimp's member
 * id only). Through the outbox so it is retried like a mail and the admin sees it in the outbox.
 */
async function removeNewsletterMember(row: OutboxRow): Promise<Outcome> {
  const parsed = mailPayloads.newsletter_removal.safeParse(row.payload);
  if (!parsed.success) return { error: 'payload of newsletter_removal is malformed', permanent: true };
  const { config } = readMailchimpConfig();
  if (!config) return { error: 'Mailchimp configuration missing', permanent: true };
  const removed = await deleteMemberPermanently(config, parsed.data.subscriberHash);
  return removed.ok
    ? { providerId: 'mailchimp-deleted' }
    : { error: removed.error, permanent: removed.permanent };
}

async function deliver(service: ServiceClient, row: OutboxRow): Promise<string | null> {
  if (row.kind === 'newsletter_removal') {
    return record(service, row, row.recipient, row.subject, await removeNewsletterMember(row));
  }
  const site = siteSettings();
  let recipient = row.recipient;
  let subject = row.subject;
  let outcome: Outcome;
  try {
    const mail = await renderOutboxMail(site, row);
    recipient = mail.to.join(', ');
    subject = mail.subject;
    const sent = await sendMail(mail);
    outcome = sent.ok ? { providerId: sent.id } : { error: sent.error, permanent: sent.permanent };
  } catch (error) {
    outcome = { error: String(error), permanent: error instanceof UnrenderableMail };
  }
  return record(service, row, recipient, subject, outcome);
}

async function record(
  service: ServiceClient,
  row: OutboxRow,
  recipient: string | null,
  subject: string | null,
  outcome: Outcome,
): Promise<string | null> {
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
