import type { ServiceClient } from './supabase-clients.ts';
import { HttpError } from './http.ts';

// Fixed-window counters kept in Postgres (table function_rate_limits, migration
// 20261122000300), so every function instance shares them. Each rule is one counter; the
// request is refused when any of them is over its limit.

export interface RateLimitRule {
  /** e.g. 'contact:ip:203.0.113.7' */
  key: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMIT_MESSAGE = 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.';

/**
 * The caller's address as the platform reports it. Cloudflare's header cannot be forged by the
 * client; x-forwarded-for's first entry is what Supabase's gateway reports for the client.
 */
export function clientIp(req: Request): string {
  const cf = req.headers.get('cf-connecting-ip')?.trim();
  if (cf) return cf;
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  return req.headers.get('x-real-ip')?.trim() || 'unknown';
}

export async function enforceRateLimits(service: ServiceClient, rules: RateLimitRule[]): Promise<void> {
  const results = await Promise.all(
    rules.map((rule) =>
      service.rpc('hit_rate_limit', {
        p_key: rule.key,
        p_limit: rule.limit,
        p_window_seconds: rule.windowSeconds,
      }),
    ),
  );
  for (const { data, error } of results) {
    if (error) throw new Error(`Rate limit check failed: ${error.message}`);
    if (data !== true) throw new HttpError(429, RATE_LIMIT_MESSAGE);
  }
}
