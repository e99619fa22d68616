import { createClient } from '@supabase/supabase-js';
import type { Database } from '@common/database.ts';
import { supabaseAnonKey, supabaseUrl } from './supabase-config';

export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
