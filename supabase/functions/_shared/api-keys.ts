import { optionalEnv } from './env.ts';

// The project's API keys as the platform gives them to every function. A project may have the
// legacy JWT keys (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY), the new opaque keys
// (SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS: JSON objects of named keys such as
// `{"default":"sb_secret_…"}`), or both while it migrates; the functions work with either.
// https://supabase.com/docs/guides/functions/secrets

/** The values of a JSON object of named keys; an unset or malformed variable gives none. */
function namedKeys(variable: string): { name: string; key: string }[] {
  const raw = optionalEnv(variable);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
      .map(([name, key]) => ({ name, key }));
  } catch {
    return [];
  }
}

/** The `default` key of a named set, else its first one. */
function preferred(keys: { name: string; key: string }[]): string | undefined {
  return (keys.find((k) => k.name === 'default') ?? keys[0])?.key;
}

/** Every key that bypasses RLS: each secret key and the legacy service-role key. */
export function secretKeys(): string[] {
  const legacy = optionalEnv('SUPABASE_SERVICE_ROLE_KEY');
  return [...namedKeys('SUPABASE_SECRET_KEYS').map((k) => k.key), ...(legacy ? [legacy] : [])];
}

/** The key a function uses for its own service client: the default secret key, else the legacy one. */
export function secretKey(): string {
  const key = preferred(namedKeys('SUPABASE_SECRET_KEYS')) ?? optionalEnv('SUPABASE_SERVICE_ROLE_KEY');
  if (!key) throw new Error('Missing environment variable SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY');
  return key;
}

/** The key for calls on a visitor's or admin's behalf: the default publishable key, else anon. */
export function publishableKey(): string {
  const key = preferred(namedKeys('SUPABASE_PUBLISHABLE_KEYS')) ?? optionalEnv('SUPABASE_ANON_KEY');
  if (!key) throw new Error('Missing environment variable SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY');
  return key;
}
