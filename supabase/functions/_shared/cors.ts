// CORS for browser callers. The functions answer only the site's own origins (SITE_ORIGINS)
// and local development servers; other origins get no Allow-Origin header, so browsers refuse
// to send the JSON request after the preflight.

const LOCAL_DEV_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

// What supabase-js sends with functions.invoke (see the wire reference, CORS).
const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, x-supabase-api-version';

export function isAllowedOrigin(origin: string, siteOrigins: readonly string[]): boolean {
  return siteOrigins.includes(origin) || LOCAL_DEV_ORIGIN.test(origin);
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
