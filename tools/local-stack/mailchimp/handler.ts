import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseUntrustedControl } from '../dev-access';
import { isPlainObject, readJson, sendJson } from '../http';
import { ProviderFaults } from '../provider-faults';
import type { Handler } from '../types';

const STATUSES = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Member {
  id: string;
  email_address: string;
  unique_email_id: string;
  status: string;
  merge_fields: Record<string, unknown>;
  tags: unknown[];
  list_id: string;
  timestamp_signup: string;
  last_changed: string;
}

/** Members "subscribed" through the stand-in, per audience. In memory: dev tooling only. */
export class MailchimpAudiences {
  readonly faults = new ProviderFaults();
  private members = new Map<string, Member>();

  get(listId: string, hash: string): Member | undefined {
    return this.members.get(`${listId}/${hash}`);
  }

  put(member: Member): void {
    this.members.set(`${member.list_id}/${member.id}`, member);
  }

  list(): Member[] {
    return [...this.members.values()];
  }

  reset(): void {
    this.members.clear();
    this.faults.reset();
  }
}

export function subscriberHash(email: string): string {
  return createHash('md5').update(email.toLowerCase()).digest('hex');
}

function problem(res: ServerResponse, status: number, title: string, detail: string): void {
  sendJson(
    res,
    status,
    {
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title,
      status,
      detail,
      instance: randomUUID(),
    },
    { 'Content-Type': 'application/problem+json; charset=utf-8' },
  );
}

/**
 * `/__mailchimp`: Marketing API 3.0 member upserts (`PUT /3.0/lists/{id}/members/{hash}`) and
 * creates (`POST /3.0/lists/{id}/members`), plus `GET /members` and `POST /control` for tests.
 */
export function createMailchimpHandler(audiences: MailchimpAudiences): Handler {
  return async (req, res, subpath, _url, ctx) => {
    if (subpath === '/control') {
      if (refuseUntrustedControl(req, res, ctx.config)) return;
      return audiences.faults.handleControl(req, res);
    }
    if (subpath === '/members' && req.method === 'GET') return sendJson(res, 200, audiences.list());

    const match = /^\/3\.0\/lists\/([^/]+)\/members(?:\/([^/]+))?\/?$/.exec(subpath);
    if (!match) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
    if (!req.headers.authorization) {
      return problem(res, 401, 'API Key Missing', 'Your request did not include an API key.');
    }
    const failed = audiences.faults.intercept(() =>
      problem(res, 500, 'Internal Server Error', 'An unexpected internal error has occurred.'),
    );
    if (failed) return;
    const listId = decodeURIComponent(match[1]!);
    const hash = match[2]?.toLowerCase();
    const method = req.method ?? 'GET';

    if (hash && method === 'GET') {
      const member = audiences.get(listId, hash);
      if (!member)
        return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      return sendJson(res, 200, member);
    }
    if ((hash && method === 'PUT') || (!hash && method === 'POST')) {
      return upsertMember(req, res, audiences, listId, hash);
    }
    problem(res, 405, 'Method Not Allowed', `The requested method and resource are not compatible.`);
  };
}

async function upsertMember(
  req: IncomingMessage,
  res: ServerResponse,
  audiences: MailchimpAudiences,
  listId: string,
  hash: string | undefined,
): Promise<void> {
  let body: unknown;
  try {
    body = await readJson(req, 1024 * 1024);
  } catch {
    return problem(res, 400, 'JSON Parse Exception', 'We encountered an unspecified JSON parsing error.');
  }
  if (!isPlainObject(body))
    return problem(res, 400, 'Invalid Resource', 'The resource submitted could not be validated.');
  const email = typeof body.email_address === 'string' ? body.email_address.trim() : '';
  if (!ADDRESS.test(email)) {
    return problem(res, 400, 'Invalid Resource', 'Please provide a valid email address.');
  }
  const id = subscriberHash(email);
  if (hash && hash !== id) {
    return problem(res, 400, 'Invalid Resource', 'The subscriber hash does not match the email address.');
  }
  const existing = audiences.get(listId, id);
  if (!hash && existing) {
    return problem(
      res,
      400,
      'Member Exists',
      `${email} is already a list member. Use PUT to insert or update list members.`,
    );
  }
  const requested = hash && !existing ? (body.status_if_new ?? body.status) : body.status;
  const status = typeof requested === 'string' ? requested : existing?.status;
  if (!status || !STATUSES.includes(status)) {
    return problem(res, 400, 'Invalid Resource', 'The resource submitted could not be validated.');
  }
  const now = new Date().toISOString();
  const member: Member = {
    id,
    email_address: email,
    unique_email_id: existing?.unique_email_id ?? randomUUID().slice(0, 10),
    status,
    merge_fields: isPlainObject(body.merge_fields) ? body.merge_fields : (existing?.merge_fields ?? {}),
    tags: Array.isArray(body.tags) ? body.tags : (existing?.tags ?? []),
    list_id: listId,
    timestamp_signup: existing?.timestamp_signup ?? now,
    last_changed: now,
  };
  audiences.put(member);
  sendJson(res, 200, member);
}
