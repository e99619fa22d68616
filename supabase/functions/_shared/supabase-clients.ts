import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { Database } from '@common/database.ts';
import { requireEnv } from './env.ts';
import { constantTimeEqual } from './tokens.ts';
import { HttpError } from './http.ts';

// The service-role client bypasses row-level security and is used only for what the function
// itself decides to read or write; typed with the generated schema (src/types/database.ts).

export type ServiceClient = SupabaseClient<Database>;

const serverSide = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function createServiceClient(): ServiceClient {
  return createClient<Database>(
    requireEnv('SUPABASE_URL'),
    requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
    serverSide,
  );
}

/** For functions only the platform itself may call (cron, pg_net): the service-role key. */
export function requireServiceRole(req: Request): void {
  const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1] ?? '';
  if (!constantTimeEqual(presented, requireEnv('SUPABASE_SERVICE_ROLE_KEY'))) {
    throw new HttpError(401, 'Nur der Dienst selbst darf den Postausgang verarbeiten.');
  }
}
