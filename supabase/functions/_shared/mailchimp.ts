import { createHash } from 'node:crypto';
import { optionalEnv, providerTimeoutMs } from './env.ts';
import { describeFailure, fetchJson } from './fetch-json.ts';

// Mailchimp Marketing API: add or update one audience member. New members get status
// 'pending', so Mailchimp sends its double opt-in mail; existing members keep their status.

export interface MailchimpConfig {
  apiKey: string;
  audienceId: string;
  baseUrl: string;
}

export interface MailchimpConfigState {
  hasApiKey: boolean;
  hasAudienceId: boolean;
  hasServerPrefix: boolean;
}

export type MailchimpResult = { ok: true; status: string } | { ok: false; error: string };

export function readMailchimpConfig(): { config: MailchimpConfig | null; state: MailchimpConfigState } {
  const apiKey = optionalEnv('MAILCHIMP_API_KEY');
  const audienceId = optionalEnv('MAILCHIMP_AUDIENCE_ID');
  const serverPrefix = optionalEnv('MAILCHIMP_SERVER_PREFIX');
  const state = { hasApiKey: !!apiKey, hasAudienceId: !!audienceId, hasServerPrefix: !!serverPrefix };
  if (!apiKey || !audienceId || !serverPrefix) return { config: null, state };
  const baseUrl = optionalEnv('MAILCHIMP_BASE_URL', `https://${serverPrefix}.api.mailchimp.com/3.0`);
  return { config: { apiKey, audienceId, baseUrl: baseUrl.replace(/\/+$/, '') }, state };
}

/** Mailchimp identifies a member by the MD5 hash of the lower-cased address. */
export function subscriberHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

export async function upsertPendingMember(config: MailchimpConfig, email: string): Promise<MailchimpResult> {
  const url = `${config.baseUrl}/lists/${encodeURIComponent(config.audienceId)}/members/${subscriberHash(email)}`;
  const outcome = await fetchJson(
    url,
    {
      method: 'PUT',
      headers: {
        Authorization: `Basic ${btoa(`anystring:${config.apiKey}`)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email_address: email, status_if_new: 'pending' }),
    },
    providerTimeoutMs(),
  );
  if (!outcome.reached || !outcome.ok)
    return { ok: false, error: describeFailure('Mailchimp', outcome, 'title', 'detail') };
  const status = outcome.payload.status;
  return { ok: true, status: typeof status === 'string' ? status : 'pending' };
}

/**
 * An erasure request (public.admin_erase_person) makes Mailchimp forget the member for good.
 * Mailchimp answers 204; 404 means it never knew the address, which is as good. `permanent`: no
 * retry helps (no configuration, or Mailchimp refuses the request itself).
 */
export async function deleteMemberPermanently(
  config: MailchimpConfig,
  memberHash: string,
): Promise<{ ok: true } | { ok: false; error: string; permanent: boolean }> {
  const url = `${config.baseUrl}/lists/${encodeURIComponent(config.audienceId)}/members/${memberHash}/actions/delete-permanent`;
  const outcome = await fetchJson(
    url,
    { method: 'POST', headers: { Authorization: `Basic ${btoa(`anystring:${config.apiKey}`)}` } },
    providerTimeoutMs(),
  );
  if (outcome.reached && (outcome.ok || outcome.status === 404)) return { ok: true };
  const permanent =
    outcome.reached && outcome.status >= 400 && outcome.status < 500 && outcome.status !== 429;
  return { ok: false, error: describeFailure('Mailchimp', outcome, 'title', 'detail'), permanent };
}
