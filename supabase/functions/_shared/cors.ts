// CORS for browser callers. The functions answer only the origins configured for this
// deployment (SITE_ORIGINS plus the origin of SITE_URL, see env.ts); every other origin,
// `http://localhost:*` included, gets no Allow-Origin header, so browsers refuse to send the
// JSON request after the preflight. Local development servers are allowed because the local
// stack lists them in its SITE_ORIGINS (tools/local-stack/config.ts), not by a rule in here:
// a production deployment never answers a page served from a visitor's own machine.

// What supabase-js sends with functions.invoke (see the wire reference, CORS).
const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, x-supabase-api-version';

export function isAllowedOrigin(origin: string, siteOrigins: readonly string[]): boolean {
  return siteOrigins.includes(origin);
}

export function corsHeaders(origin: string | null, siteOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
  if (origin && isAllowedOrigin(origin, siteOrigins)) headers['Access-Control-Allow-Origin'] = origin;
  return headers;
}
