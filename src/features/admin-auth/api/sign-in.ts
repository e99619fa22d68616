import type { User } from '@supabase/supabase-js';
import { checkAdminStatus, clearAdminStatus } from '@/lib/auth/admin-status';
import { supabase } from '@/lib/supabase';

/** Raised when the credentials are right but the account has no admin rights. */
export class NotAdminError extends Error {
  constructor() {
    super('Sie haben keine Admin-Berechtigungen');
    this.name = 'NotAdminError';
  }
}

/**
 * Signs in and admits only admins. Any previous session is signed out first and that sign-out
 * is awaited - the spec waited a fixed second instead. A non-admin is signed out again.
 */
export async function signInAsAdmin(email: string, password: string): Promise<User> {
  clearAdminStatus();
  await supabase.auth.signOut();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const isAdmin = await checkAdminStatus(data.user.id, { force: true });
  if (!isAdmin) {
    await supabase.auth.signOut();
    throw new NotAdminError();
  }
  return data.user;
}
