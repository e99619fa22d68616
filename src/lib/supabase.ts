import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';
import { supabaseAnonKey, supabaseUrl } from './supabase-config';

export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
