import { nextTask } from './next-task';
import type { supabase as SupabaseClient } from './supabase';

export type Supabase = typeof SupabaseClient;

let loading: Promise<Supabase> | undefined;
const waiting = new Set<(supabase: Supabase) => void>();

/**
 * The Supabase client, loaded on demand. Code that runs on every page (the auth provider)
 * uses this so that supabase-js stays out of the entry chunk and never delays first paint.
 */
export function loadSupabase(): Promise<Supabase> {
  loading ??= import('./supabase').then(async ({ supabase }) => {
    // Running supabase-js and creating the client is one task (about 30 ms at 4x CPU); the first
    // requests start in the next, not in the same (together about 50 ms on every public page).
    await nextTask();
    for (const notify of waiting) notify(supabase);
    waiting.clear();
    return supabase;
  });
  return loading;
}

/**
 * Calls back once the client is loaded, by whichever code needs it first (the sign-in form, a
 * booking), without loading it. Returns a function that cancels the wait.
 */
export function whenSupabaseLoaded(callback: (supabase: Supabase) => void): () => void {
  if (loading) {
    let cancelled = false;
    void loading.then((supabase) => cancelled || callback(supabase));
    return () => (cancelled = true);
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
