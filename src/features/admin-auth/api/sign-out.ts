import { supabase } from '@/lib/supabase';

/** Ends the session; the auth provider then clears the cached admin status and flag. */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}
