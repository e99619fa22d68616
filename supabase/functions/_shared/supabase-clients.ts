import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { requireEnv } from './env.ts';

// Two kinds of client, never mixed: the service-role client bypasses row-level security and is
// used only for what the function itself decides to read or write; the user client carries the
// caller's JWT, so the database answers questions like is_admin() for that caller.

const serverSide = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function createServiceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), serverSide);
}

export function createUserClient(req: Request): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    ...serverSide,
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  });
}
