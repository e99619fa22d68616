import { mailSettings } from './env.ts';
import { describeFailure, fetchJson } from './fetch-json.ts';

// Sends mail through Resend's HTTP API (POST /emails). RESEND_BASE_URL points it at the local
// stack's /__mail stand-in during development and tests.

export interface MailAttachment {
  filename: string;
  /** Base64-encoded file content. */
  content: string;
  contentType?: string;
}

export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Resend ignores a repeated request with the same key for 24 hours. */
  idempotencyKey?: string;
}

export type MailResult = { ok: true; id: string } | { ok: false; error: string };

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
    })),
  };
  const outcome = await fetchJson(
    `${settings.baseUrl}/emails`,
    { method: 'POST', headers, body: JSON.stringify(body) },
    settings.timeoutMs,
  );
  if (!outcome.reached || !outcome.ok)
    return { ok: false, error: describeFailure('Mail provider', outcome, 'name', 'message') };
  const id = outcome.payload.id;
  return typeof id === 'string'
    ? { ok: true, id }
    : { ok: false, error: 'Mail provider answered without an id' };
}
