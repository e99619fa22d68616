import type { supabase as SupabaseClient } from './supabase';

/**
 * The Supabase client, loaded on demand. Code that runs on every page (the auth provider)
 * uses this so that supabase-js stays out of the entry chunk and never delays first paint.
 */
export function loadSupabase(): Promise<typeof SupabaseClient> {
  return import('./supabase').then((module) => module.supabase);
}
