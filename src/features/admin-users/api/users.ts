import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { supabase } from '@/lib/supabase';
import type { Database, Tables } from '@common/database.ts';

export type AdminUser = Database['public']['Functions']['admin_list_users']['Returns'][number];
export type Invitation = Pick<Tables<'admin_invitations'>, 'id' | 'email' | 'created_at'>;

const usersKeys = {
  all: [...ADMIN_ROOT_KEY, 'users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  invitations: () => [...usersKeys.all, 'invitations'] as const,
};

export async function getUsers(): Promise<AdminUser[]> {
  const { data, error } = await supabase.rpc('admin_list_users', undefined, { get: true });
  if (error) throw error;
  return data;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersKeys.list(), queryFn: getUsers });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}

export async function getInvitations(): Promise<Invitation[]> {
  const { data, error } = await supabase
    .from('admin_invitations')
    .select('id, email, created_at')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export function invitationsQueryOptions() {
  return queryOptions({ queryKey: usersKeys.invitations(), queryFn: getInvitations });
}

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

/** The database's refusals, as the admin reads them (public.error_codes, generated). */
export function userErrorMessage(error: unknown): string {
  // The only input here is the address to invite.
  if (errorCodeOf(error) === 'INVALID_INPUT') return 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
  return adminErrorMessage(error);
}

export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, isAdmin }: { userId: string; isAdmin: boolean }) => {
      const { error } = await supabase.rpc('admin_set_admin', { p_user_id: userId, p_is_admin: isAdmin });
      if (error) throw error;
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => {
      const { error } = await supabase.rpc('admin_invite_user', { p_email: email });
      if (error) throw error;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
