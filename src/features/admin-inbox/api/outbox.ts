import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@common/database.ts';
import { inboxKeys } from './inbox-keys';

export type OutboxMail = Pick<
  Tables<'mail_outbox'>,
  'id' | 'kind' | 'recipient' | 'subject' | 'state' | 'attempts' | 'last_error' | 'created_at' | 'sent_at'
>;

/** The newest 200 mails (index mail_outbox_created_at_idx); the payload stays in the database. */
export async function getOutbox(): Promise<OutboxMail[]> {
  const { data, error } = await supabase
    .from('mail_outbox')
    .select('id, kind, recipient, subject, state, attempts, last_error, created_at, sent_at')
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw error;
  return data;
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.outbox(), queryFn: getOutbox });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}

export async function retryMail(id: string): Promise<void> {
  const { error } = await supabase.rpc('admin_retry_mail', { p_mail_id: id });
  if (error) throw error;
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
