import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { Database } from '@common/database.ts';
import { secretKey, secretKeys } from './api-keys.ts';
import { requireEnv } from './env.ts';
import { constantTimeEqual } from './tokens.ts';
import { HttpError } from './http.ts';

// The service client (secret or legacy service-role key) bypasses row-level security and is used
// only for what the function itself decides to read or write; typed with the generated schema
// (@common/database.ts).

export type ServiceClient = SupabaseClient<Database>;

const serverSide = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function createServiceClient(): ServiceClient {
  return createClient<Database>(requireEnv('SUPABASE_URL'), secretKey(), serverSide);
}

/**
 * For functions only the platform itself may call (cron, pg_net): a secret key (sb_secret_…) or
 * the legacy service-role key, whichever the Vault secret `service_role_key` holds. Every key
 * is compared in constant time, and all of them, so the time says nothing about which matched.
 */
export function requireServiceRole(req: Request): void {
  const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1] ?? '';
  const matches = secretKeys().map((key) => constantTimeEqual(presented, key));
  if (presented === '' || !matches.includes(true)) {
    throw new HttpError(401, 'Nur der Dienst selbst darf den Postausgang verarbeiten.');
  }
}
