// Configuration of the edge functions, read once per request from the environment so that a
// changed secret takes effect without a code change. Locally the embedded stack sets these;
// on a hosted project they are secrets (see docs/deployment.md).

export interface MailSettings {
  apiKey: string;
  baseUrl: string;
  from: string;
  providerEmail: string;
  timeoutMs: number;
}

export interface SiteSettings {
  name: string;
  url: string;
  email: string;
}

function read(name: string): string {
  return (Deno.env.get(name) ?? '').trim();
}

export function requireEnv(name: string): string {
  const value = read(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export function optionalEnv(name: string, fallback = ''): string {
  return read(name) || fallback;
}

export function siteSettings(): SiteSettings {
  return {
    name: optionalEnv('SITE_NAME', 'Sinneswerk'),
    url: optionalEnv('SITE_URL', 'https://www.sinneswerk.ch'),
    email: optionalEnv('PROVIDER_EMAIL', 'hallo@sinneswerk.ch'),
  };
}

export function mailSettings(): MailSettings {
  const site = siteSettings();
  return {
    apiKey: requireEnv('RESEND_API_KEY'),
    baseUrl: optionalEnv('RESEND_BASE_URL', 'https://api.resend.com').replace(/\/+$/, ''),
    from: optionalEnv('MAIL_FROM', `${site.name} <${site.email}>`),
    providerEmail: site.email,
    timeoutMs: providerTimeoutMs(),
  };
}

/** How long to wait for Resend or Mailchimp before giving up (PROVIDER_TIMEOUT_MS, default 8 s). */
export function providerTimeoutMs(): number {
  const value = Number(optionalEnv('PROVIDER_TIMEOUT_MS', '8000'));
  return Number.isFinite(value) && value > 0 ? value : 8000;
}

/** The origin (scheme, host, port) of a configured URL, or null when it is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Origins allowed to call the functions from a browser: those listed (comma-separated) in
 * SITE_ORIGINS, plus the origin of SITE_URL. Nothing else, localhost included: the local stack
 * lists its development servers in SITE_ORIGINS itself.
 */
export function siteOrigins(): string[] {
  const listed = optionalEnv('SITE_ORIGINS')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const site = originOf(siteSettings().url);
  return site && !listed.includes(site) ? [...listed, site] : listed;
}
