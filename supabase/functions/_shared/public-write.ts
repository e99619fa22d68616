import { requireSolvedChallenge } from './altcha.ts';
import { addressRule, enforceRateLimits, type NamedLimit, type RateLimitRule } from './rate-limit.ts';
import type { ServiceClient } from './supabase-clients.ts';

// The gate in front of every public write (booking, contact, corporate enquiry, newsletter, and
// any later one such as joining a waiting list): call it after the body is validated and
// before anything is stored. Order matters: the challenge first, so only requests that paid the
// proof of work count against a limit (a flood of unsolved requests cannot use up a visitor's
// quota), then the limits, all counted in one go.

export interface PublicWriteGuard {
  /** The limit per client address (cf-connecting-ip), e.g. REGISTRATIONS_PER_ADDRESS. */
  perAddress: NamedLimit;
  /** Further rules, e.g. emailRule(ENQUIRIES_PER_EMAIL, email). */
  more?: RateLimitRule[];
}

/** The solved challenge every public form sends along as `altcha` (base64 JSON). */
function altchaOf(body: unknown): unknown {
  return body && typeof body === 'object' && 'altcha' in body ? body.altcha : undefined;
}

/**
 * Throws an HttpError the caller's serveJson answers: 400 with a German text for a missing,
 * forged, expired or replayed challenge; 429 with the refusing limit's German text.
 */
export async function guardPublicWrite(
  service: ServiceClient,
  req: Request,
  body: unknown,
  { perAddress, more = [] }: PublicWriteGuard,
): Promise<void> {
  await requireSolvedChallenge(service, altchaOf(body));
  await enforceRateLimits(service, [addressRule(perAddress, req), ...more]);
}
