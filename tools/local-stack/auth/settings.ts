import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths';
import {
  configBoolean,
  configNumber,
  configString,
  configStrings,
  readSupabaseConfig,
} from '../supabase-config';

/** The [auth] settings of supabase/config.toml that the local GoTrue honours (CLI defaults otherwise). */
export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  enableSignup: boolean;
  /** Confirmation links and codes stay valid this long (seconds). */
  otpExpiry: number;
  confirmationTemplate: { subject: string | null; contentPath: string | null };
}

export function loadAuthSettings(): AuthSettings {
  const config = readSupabaseConfig();
  return {
    siteUrl: configString(config, 'auth', 'site_url', 'http://127.0.0.1:3000'),
    additionalRedirectUrls: configStrings(config, 'auth', 'additional_redirect_urls'),
    jwtExpiry: configNumber(config, 'auth', 'jwt_expiry', 3600),
    refreshTokenReuseInterval: configNumber(config, 'auth', 'refresh_token_reuse_interval', 10),
    minimumPasswordLength: configNumber(config, 'auth', 'minimum_password_length', 6),
    enableSignup:
      configBoolean(config, 'auth', 'enable_signup', true) &&
      configBoolean(config, 'auth.email', 'enable_signup', true),
    otpExpiry: configNumber(config, 'auth.email', 'otp_expiry', 3600),
    confirmationTemplate: {
      subject: config.get('auth.email.template.confirmation')?.subject?.toString() ?? null,
      contentPath: config.get('auth.email.template.confirmation')?.content_path?.toString() ?? null,
    },
  };
}

/** A configured template file (paths are relative to supabase/, as for the CLI). */
export async function readTemplateFile(contentPath: string): Promise<string | null> {
  return readFile(join(REPO_ROOT, 'supabase', contentPath), 'utf8').catch(() => null);
}

/**
 * GoTrue only redirects to the site URL's host or to an allow-listed URL; anything else falls
 * back to the site URL, so a confirmation link cannot be turned into an open redirect.
 */
export function safeRedirect(settings: AuthSettings, requested: string | null | undefined): string {
  if (!requested) return settings.siteUrl;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return settings.siteUrl;
  }
  if (target.hostname === new URL(settings.siteUrl).hostname) return requested;
  const allowed = settings.additionalRedirectUrls.some(
    (entry) => requested === entry || requested.startsWith(`${entry}/`),
  );
  return allowed ? requested : settings.siteUrl;
}
