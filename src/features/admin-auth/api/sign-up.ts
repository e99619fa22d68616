import { supabase } from '@/lib/supabase';

/**
 * Creates an account that must be confirmed by e-mail. Admin rights are granted separately
 * (profiles.is_admin), so a new account never reaches admin data on its own. Should the
 * backend auto-confirm, the session is dropped so sign-up never signs anyone in (spec §4).
 */
export async function signUp(email: string, password: string): Promise<void> {
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${window.location.origin}/admin/login` },
  });
  if (error) throw error;
  if (data.session) await supabase.auth.signOut();
}
