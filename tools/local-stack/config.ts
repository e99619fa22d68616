import { join } from 'node:path';
import { databaseUrl } from './postgres';
import { apiKeys, DEFAULT_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from './jwt';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from './stripe/account';
import { REPO_ROOT } from './paths';
import { readSupabaseConfig } from './supabase-config';
import type { ApiKeyKind, StackConfig } from './types';

export const DEFAULT_API_PORT = 54321;
export const DEFAULT_DB_PORT = 54322;
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.local');

/**
 * Origins the functions' CORS checks allow locally: the Vite dev server (vite.config.ts: 8080;
 * 5173 is Vite's default and config.toml's site_url) and `vite preview` (4173). The functions
 * allow no localhost origin by themselves (supabase/functions/_shared/cors.ts): the stack lists
 * these, plus the origin of its site URL, in SITE_ORIGINS.
 */
export const LOCAL_SITE_ORIGINS = [8080, 5173, 4173].flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);

function envPort(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * Which API keys the stack hands out (LOCAL_STACK_API_KEYS): `legacy`, the JWT anon and
 * service-role keys (default), or `new`, the opaque sb_publishable_/sb_secret_ keys. The gateway
 * accepts both kinds either way; the choice decides what the site, the functions' environment
 * and the Vault secret for cron get, so the code is proven to work with either.
 */
function apiKeyKind(option: ApiKeyKind | undefined): ApiKeyKind {
  const value = option ?? process.env.LOCAL_STACK_API_KEYS ?? 'legacy';
  if (value !== 'legacy' && value !== 'new')
    throw new Error(`LOCAL_STACK_API_KEYS must be "legacy" or "new", not "${value}"`);
  return value;
}

/**
 * The site the stack's mails link to (SITE_URL of the functions, the `site_url` setting in the
 * database): the local Vite server, LOCAL_STACK_SITE_URL to override (e.g. an e2e port).
 */
export const DEFAULT_LOCAL_SITE_URL = 'http://127.0.0.1:8080';

/** `[api] max_rows` as the hosted API applies it; none set means no limit (PostgREST's default). */
function configuredMaxRows(): number | null {
  const value = readSupabaseConfig().get('api')?.max_rows;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** Fills every setting not given from the environment (LOCAL_STACK_*) or the defaults. */
export async function resolveConfig(options: Partial<StackConfig> = {}): Promise<StackConfig> {
  const apiPort = options.apiPort ?? envPort('LOCAL_STACK_API_PORT') ?? DEFAULT_API_PORT;
  const dbPort = options.dbPort ?? envPort('LOCAL_STACK_DB_PORT') ?? DEFAULT_DB_PORT;
  const apiUrl = options.apiUrl ?? `http://127.0.0.1:${apiPort}`;
  const dbUrl = options.dbUrl ?? databaseUrl(dbPort);
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const jwtSecret = options.jwtSecret ?? DEFAULT_JWT_SECRET;
  const kind = apiKeyKind(options.apiKeys);
  const keys =
    kind === 'new'
      ? { anonKey: LOCAL_PUBLISHABLE_KEY, serviceRoleKey: LOCAL_SECRET_KEY }
      : await apiKeys(jwtSecret);
  const anonKey = options.anonKey ?? keys.anonKey;
  const serviceRoleKey = options.serviceRoleKey ?? keys.serviceRoleKey;
  const siteUrl = (options.siteUrl ?? process.env.LOCAL_STACK_SITE_URL ?? DEFAULT_LOCAL_SITE_URL).replace(
    /\/+$/,
    '',
  );
  return {
    apiPort,
    dbPort,
    apiUrl,
    dbUrl,
    dataDir,
    storageDir: options.storageDir ?? join(dataDir, 'storage'),
    jwtSecret,
    apiKeys: kind,
    anonKey,
    serviceRoleKey,
    siteUrl,
    maxRows: options.maxRows !== undefined ? options.maxRows : configuredMaxRows(),
    functionsEnv: {
      ...keyEnvironment(kind, anonKey, serviceRoleKey),
      ...functionsEnvironment(apiUrl, dbUrl, siteUrl),
      ...options.functionsEnv,
    },
    watchFunctions: options.watchFunctions ?? false,
  };
}

/**
 * The keys as a hosted project gives them to its functions: the legacy JWTs in
 * SUPABASE_ANON_KEY/SUPABASE_SERVICE_ROLE_KEY, the new ones as JSON objects of named keys in
 * SUPABASE_PUBLISHABLE_KEYS/SUPABASE_SECRET_KEYS (`{"default":"sb_secret_…"}`). Only the chosen
 * kind is set, so a function that still reads the other one fails here and not in production.
 */
function keyEnvironment(kind: ApiKeyKind, anonKey: string, serviceRoleKey: string): Record<string, string> {
  if (kind === 'new') {
    return {
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: anonKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: serviceRoleKey }),
    };
  }
  return { SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey };
}

/** The local development origins plus the site the stack's mails link to (another port, say). */
export function localSiteOrigins(siteUrl: string): string[] {
  const site = new URL(siteUrl).origin;
  return LOCAL_SITE_ORIGINS.includes(site) ? [...LOCAL_SITE_ORIGINS] : [...LOCAL_SITE_ORIGINS, site];
}

/** What the edge functions find in Deno.env locally: Supabase's variables plus the stand-ins. */
function functionsEnvironment(apiUrl: string, dbUrl: string, siteUrl: string) {
  return {
    SUPABASE_URL: apiUrl,
    SUPABASE_DB_URL: dbUrl,
    // Links in mails (manage, waiting list, payment) open the local site, not production.
    SITE_URL: siteUrl,
    RESEND_API_KEY: 'local',
    RESEND_BASE_URL: `${apiUrl}/__mail`,
    MAIL_FROM: 'Sinneswerk <hallo@sinneswerk.ch>',
    PROVIDER_EMAIL: 'hallo@sinneswerk.ch',
    MAILCHIMP_API_KEY: 'local-us1',
    MAILCHIMP_AUDIENCE_ID: 'local',
    MAILCHIMP_SERVER_PREFIX: 'us1',
    MAILCHIMP_BASE_URL: `${apiUrl}/__mailchimp/3.0`,
    // The `stripe` client talks to the stand-in (host/port/protocol from this URL).
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
    SITE_ORIGINS: localSiteOrigins(siteUrl).join(','),
    // Proof-of-work challenges (supabase/functions/_shared/altcha.ts): a fixed local key, and an
    // easier puzzle than production's so tests and the browser solve it in milliseconds.
    ALTCHA_HMAC_KEY: 'local-altcha-hmac-key-not-for-production',
    ALTCHA_MAX_NUMBER: '1000',
  };
}

/**
 * The secrets a hosted project keeps in Vault for its cron jobs (created in the dashboard), so a
 * migration builds the function URL and the auth header the same way here as in production.
 * `service_role_key` holds whichever key the stack hands out: with new keys, the sb_secret_ key,
 * as docs/deployment.md tells the provider to store.
 */
export function vaultSecrets(config: StackConfig): Record<string, string> {
  return { project_url: config.apiUrl, service_role_key: config.serviceRoleKey };
}
