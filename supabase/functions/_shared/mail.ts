import { mailSettings } from './env.ts';
import { describeFailure, fetchJson, type FetchJsonOutcome } from './fetch-json.ts';

// Sends mail through Resend's HTTP API (POST /emails). RESEND_BASE_URL points it at the local
// stack's /__mail stand-in during development and tests.

export interface MailAttachment {
  filename: string;
  /** Base64-encoded file content. */
  content: string;
  contentType?: string;
  /** Shown inside the HTML where it says `cid:<contentId>` (Resend's inline images). */
  contentId?: string;
}

export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Resend answers a repeated request with the same key for 24 hours without sending again. */
  idempotencyKey?: string;
}

/**
 * `permanent`: the provider refused the mail itself (invalid, too large, or its idempotency key
 * was used for other content); a retry cannot help.
 */
export type MailResult = { ok: true; id: string } | { ok: false; error: string; permanent: boolean };

const PERMANENT_STATUSES = new Set([400, 413, 422]);

function isPermanent(outcome: FetchJsonOutcome): boolean {
  if (!outcome.reached) return false;
  return (
    PERMANENT_STATUSES.has(outcome.status) ||
    (outcome.status === 409 && outcome.payload.name === 'invalid_idempotent_request')
  );
}

export async function sendMail(mail: OutgoingMail): Promise<MailResult> {
  const settings = mailSettings();
  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.apiKey}`,
    'Content-Type': 'application/json',
  };
  if (mail.idempotencyKey) headers['Idempotency-Key'] = mail.idempotencyKey;
  const body = {
    from: settings.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    reply_to: mail.replyTo,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      content: file.content,
      content_type: file.contentType,
      content_id: file.contentId,
    })),
  };
  const outcome = await fetchJson(
    `${settings.baseUrl}/emails`,
    { method: 'POST', headers, body: JSON.stringify(body) },
    settings.timeoutMs,
  );
  if (!outcome.reached || !outcome.ok) {
    return {
      ok: false,
      error: describeFailure('Mail provider', outcome, 'name', 'message'),
      permanent: isPermanent(outcome),
    };
  }
  const id = outcome.payload.id;
  return typeof id === 'string'
    ? { ok: true, id }
    : { ok: false, error: 'Mail provider answered without an id', permanent: false };
}
