import type { ServiceClient } from './supabase-clients.ts';
import { optionalEnv } from './env.ts';
import { HttpError } from './http.ts';

// Fixed-window counters kept in Postgres (table function_rate_limits,
// supabase/schemas/70_abuse_protection.sql), so every function instance shares them. Each rule is one counter; the
// request is refused when any of them is over its limit.

export interface RateLimitRule {
  /** e.g. 'enquiry:ip:203.0.113.7' */
  key: string;
  limit: number;
  windowSeconds: number;
  /** The German answer when this rule refuses (429). */
  message: string;
}

/**
 * A named limit: how many requests per window, overridable by a function secret, and the German
 * answer when it refuses. Counted per client address (addressRule) or per e-mail (emailRule).
 */
export interface NamedLimit {
  /** Key prefix in function_rate_limits. */
  name: string;
  /** Secret that overrides the default (tests that are not about limits raise it). */
  env: string;
  perWindow: number;
  windowSeconds: number;
  message: string;
}

const HOUR = 60 * 60;

/** At most 5 registrations per client address per hour, across all events. */
export const REGISTRATIONS_PER_ADDRESS: NamedLimit = {
  name: 'registration',
  env: 'RATE_LIMIT_REGISTRATIONS_PER_HOUR',
  perWindow: 5,
  windowSeconds: HOUR,
  message:
    'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Anmeldungen eingegangen. Bitte versuche es in einer Stunde erneut oder melde dich direkt bei uns.',
};

/** Joining a waiting list: 5 per client address per hour, across all events. */
export const WAITLIST_JOINS_PER_ADDRESS: NamedLimit = {
  name: 'waitlist',
  env: 'RATE_LIMIT_WAITLIST_JOINS_PER_HOUR',
  perWindow: 5,
  windowSeconds: HOUR,
  message:
    'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Einträge auf Wartelisten eingegangen. Bitte versuche es in einer Stunde erneut oder melde dich direkt bei uns.',
};

/** Gift voucher balance checks (booking form and balance page): 30 per client address per hour. */
export const GIFT_VOUCHER_CHECKS_PER_ADDRESS: NamedLimit = {
  name: 'gift-voucher',
  env: 'RATE_LIMIT_GIFT_VOUCHER_CHECKS_PER_HOUR',
  perWindow: 30,
  windowSeconds: HOUR,
  message:
    'Von deiner Internetverbindung sind in der letzten Stunde schon viele Gutscheincodes geprüft worden. Bitte versuche es in einer Stunde erneut oder melde dich direkt bei uns.',
};

/** Gift voucher orders (the form on /gutscheine): 5 per client address per hour. */
export const GIFT_VOUCHER_ORDERS_PER_ADDRESS: NamedLimit = {
  name: 'gift-voucher-order',
  env: 'RATE_LIMIT_GIFT_VOUCHER_ORDERS_PER_HOUR',
  perWindow: 5,
  windowSeconds: HOUR,
  message:
    'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Gutscheine bestellt worden. Bitte versuche es in einer Stunde erneut oder melde dich direkt bei uns.',
};

/** Contact form and corporate enquiries together: 5 per client address per hour. */
export const ENQUIRIES_PER_ADDRESS: NamedLimit = {
  name: 'enquiry',
  env: 'RATE_LIMIT_ENQUIRIES_PER_HOUR',
  perWindow: 5,
  windowSeconds: HOUR,
  message:
    'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Nachrichten eingegangen. Bitte versuche es in einer Stunde erneut oder schreib uns direkt per E-Mail.',
};

/** Contact form and corporate enquiries from one e-mail address: 3 per hour (any address). */
export const ENQUIRIES_PER_EMAIL: NamedLimit = {
  name: 'enquiry',
  env: 'RATE_LIMIT_ENQUIRIES_PER_EMAIL_PER_HOUR',
  perWindow: 3,
  windowSeconds: HOUR,
  message:
    'Von dieser E-Mail-Adresse sind in der letzten Stunde schon mehrere Nachrichten eingegangen. Bitte versuche es in einer Stunde erneut oder schreib uns direkt per E-Mail.',
};

/** Newsletter sign-ups: 3 per client address per hour. */
export const NEWSLETTER_PER_ADDRESS: NamedLimit = {
  name: 'newsletter',
  env: 'RATE_LIMIT_NEWSLETTER_PER_HOUR',
  perWindow: 3,
  windowSeconds: HOUR,
  message:
    'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Newsletter-Anmeldungen eingegangen. Bitte versuche es in einer Stunde erneut.',
};

/** Newsletter sign-ups of one e-mail address: 3 per hour (any client address). */
export const NEWSLETTER_PER_EMAIL: NamedLimit = {
  name: 'newsletter',
  env: 'RATE_LIMIT_NEWSLETTER_PER_EMAIL_PER_HOUR',
  perWindow: 3,
  windowSeconds: HOUR,
  message:
    'Diese E-Mail-Adresse wurde in der letzten Stunde schon mehrmals angemeldet. Bitte schau in deinem Postfach nach der Bestätigungs-E-Mail oder versuche es in einer Stunde erneut.',
};

/**
 * Persons one client address may book per event and hour (weighted: a booking for 4 uses 4).
 * `perWindow` is the minimum; the database raises it to the event's per-booking limit or 40 % of
 * its seats, whichever is more (private.persons_allowance), so a family or a group books in one
 * form while one address cannot fill an event under made-up e-mail addresses (6 + 6 + 3 persons
 * into 15 seats leaves 6 held). Counted in register_for_event's transaction. The message names
 * the number.
 */
export const PERSONS_PER_EVENT_PER_ADDRESS: NamedLimit = {
  name: 'persons',
  env: 'RATE_LIMIT_PERSONS_PER_EVENT_PER_HOUR',
  perWindow: 6,
  windowSeconds: HOUR,
  message:
    'Von deiner Internetverbindung können für dieses Event höchstens {n} Personen pro Stunde gebucht werden. Für eine grössere Gruppe melde dich bitte direkt bei uns.',
};

/** The German 429 when an address has booked its `allowed` persons for an event. */
export function personsLimitMessage(allowed: number): string {
  return PERSONS_PER_EVENT_PER_ADDRESS.message.replace('{n}', String(allowed));
}

/** The configured limit: the secret when it is a positive integer, else the default. */
export function limitOf(limit: NamedLimit): number {
  const value = Number(optionalEnv(limit.env, String(limit.perWindow)));
  return Number.isInteger(value) && value >= 1 ? value : limit.perWindow;
}

/**
 * The caller's address as the platform vouches for it. On hosted Supabase every request
 * passes Cloudflare, which overwrites `cf-connecting-ip` with the address of the connection it
 * accepted; whatever a client sends in that header, or in `x-forwarded-for` (which proxies only
 * append to), does not survive. The local gateway does the same (docs/deployment.md). Without
 * the header all such callers share one counter, so a missing header never lifts a limit.
 */
export function clientAddress(req: Request): string {
  const address = req.headers.get('cf-connecting-ip')?.trim();
  return address ? addressGroup(address) : 'unknown';
}

/**
 * The unit a limit counts: an IPv4 address as it is, an IPv6 address by its /64 prefix. One
 * IPv6 connection usually gets a whole /64 (RFC 6177), so counting single IPv6 addresses would
 * let one client rotate through 2^64 of them.
 */
export function addressGroup(address: string): string {
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(8 - left.length - right.length, 0)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function ruleOf(limit: NamedLimit, key: string): RateLimitRule {
  return { key, limit: limitOf(limit), windowSeconds: limit.windowSeconds, message: limit.message };
}

/** The limit counted per client address. */
export function addressRule(limit: NamedLimit, req: Request): RateLimitRule {
  return ruleOf(limit, `${limit.name}:ip:${clientAddress(req)}`);
}

/** The limit counted per e-mail address (lower case, so case does not open a new counter). */
export function emailRule(limit: NamedLimit, email: string): RateLimitRule {
  return ruleOf(limit, `${limit.name}:email:${email.trim().toLowerCase()}`);
}

/** Counts the request against every rule; a 429 with the first refusing rule's German text. */
export async function enforceRateLimits(service: ServiceClient, rules: RateLimitRule[]): Promise<void> {
  const results = await Promise.all(
    rules.map(async (rule) => {
      const { data, error } = await service.rpc('hit_rate_limit', {
        p_key: rule.key,
        p_limit: rule.limit,
        p_window_seconds: rule.windowSeconds,
      });
      return { rule, allowed: data === true, error };
    }),
  );
  for (const { rule, allowed, error } of results) {
    if (error) throw new Error(`Rate limit check failed: ${error.message}`);
    if (!allowed) throw new HttpError(429, rule.message);
  }
}
