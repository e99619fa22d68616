import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, isPlainObject, PayloadTooLargeError, readJson, sendJson } from '../http';
import type { MailAttachment, Mailbox, NewMail } from './mailbox';

/** Resend accepts up to 40 MB of e-mail including attachments. */
const BODY_LIMIT = 40 * 1024 * 1024;
const MAX_RECIPIENTS = 50;
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)>$/;

class ResendError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

function sendError(res: ServerResponse, error: ResendError): void {
  sendJson(res, error.status, { statusCode: error.status, message: error.message, name: error.name });
}

/** `POST /emails` as Resend's API answers it; the message lands in the mailbox. */
export async function sendEmail(req: IncomingMessage, res: ServerResponse, mailbox: Mailbox): Promise<void> {
  try {
    if (!bearerToken(req)) {
      throw new ResendError(
        401,
        'missing_api_key',
        "Missing API key in the authorization header. Include the following header 'Authorization: Bearer YOUR_API_KEY' in the request.",
      );
    }
    const body = await readJson(req, BODY_LIMIT).catch((error: unknown) => {
      if (error instanceof PayloadTooLargeError)
        throw new ResendError(413, 'validation_error', 'Request body too large.');
      throw new ResendError(422, 'invalid_json', 'The request body is not valid JSON.');
    });
    const key = idempotencyKey(req);
    const mail = parseMail(body);
    const failed = mailbox.faults.intercept(() =>
      sendError(res, new ResendError(500, 'internal_server_error', 'An unexpected error occurred.')),
    );
    if (failed) return;
    if (key === null) {
      sendJson(res, 200, { id: mailbox.add(mail).id });
      return;
    }
    const outcome = mailbox.addOnce(key, JSON.stringify(body), mail);
    if (outcome === 'payload-mismatch') {
      throw new ResendError(
        409,
        'invalid_idempotent_request',
        "Same idempotency key used with a different request payload. Change your idempotency key or don't modify your payload.",
      );
    }
    sendJson(res, 200, { id: outcome.id });
  } catch (error) {
    if (error instanceof ResendError) sendError(res, error);
    else throw error;
  }
}

/**
 * Resend's `Idempotency-Key` header (1-256 characters): a repeated request with the same key
 * and payload within 24 hours gets the first answer and sends nothing; another payload under
 * the same key is refused with 409.
 */
function idempotencyKey(req: IncomingMessage): string | null {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value.join(',') : value;
  if (key.length < 1 || key.length > 256) {
    throw new ResendError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
  }
  return key;
}

function parseMail(body: unknown): NewMail {
  if (!isPlainObject(body))
    throw new ResendError(422, 'validation_error', 'The request body must be a JSON object.');
  const from = requiredString(body, 'from');
  if (!ADDRESS.test(from) && !NAMED_ADDRESS.test(from)) {
    throw new ResendError(
      422,
      'validation_error',
      'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.',
    );
  }
  const to = addresses(body, 'to');
  if (to.length === 0) throw new ResendError(422, 'missing_required_field', 'Missing `to` field.');
  const subject = requiredString(body, 'subject');
  const html = optionalString(body, 'html');
  const text = optionalString(body, 'text');
  if (html === null && text === null) {
    throw new ResendError(422, 'validation_error', 'Missing `html` or `text` field.');
  }
  return {
    from,
    to,
    cc: addresses(body, 'cc'),
    bcc: addresses(body, 'bcc'),
    reply_to: addresses(body, 'reply_to'),
    subject,
    html,
    text,
    attachments: attachments(body.attachments),
    source: 'api',
  };
}

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ResendError(422, 'missing_required_field', `Missing \`${field}\` field.`);
  }
  return value;
}

function optionalString(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new ResendError(422, 'validation_error', `The \`${field}\` field must be a string.`);
  return value;
}

function addresses(body: Record<string, unknown>, field: string): string[] {
  const value = body[field];
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_RECIPIENTS) {
    throw new ResendError(
      422,
      'validation_error',
      `Too many recipients in \`${field}\` (max ${MAX_RECIPIENTS}).`,
    );
  }
  for (const address of list) {
    if (typeof address !== 'string' || !(ADDRESS.test(address) || NAMED_ADDRESS.test(address))) {
      throw new ResendError(
        422,
        'validation_error',
        `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
      );
    }
  }
  return list as string[];
}

function attachments(value: unknown): MailAttachment[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw new ResendError(422, 'validation_error', 'The `attachments` field must be an array.');
  return value.map((item) => {
    if (!isPlainObject(item) || typeof item.filename !== 'string' || typeof item.content !== 'string') {
      throw new ResendError(
        422,
        'validation_error',
        'Each attachment needs a `filename` and base64 `content`.',
      );
    }
    const contentType = typeof item.content_type === 'string' ? item.content_type : null;
    const contentId = item.content_id ?? null;
    if (contentId !== null && (typeof contentId !== 'string' || contentId.length >= 128)) {
      throw new ResendError(
        422,
        'validation_error',
        'The `content_id` must be a string of less than 128 characters.',
      );
    }
    return {
      filename: item.filename,
      contentType,
      contentId,
      content: item.content,
      size: Buffer.from(item.content, 'base64').length,
    };
  });
}
