import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@common/database.ts';
import { inboxKeys } from './inbox-keys';

export type Enquiry = Tables<'enquiries'>;

/** Newest first (index enquiries_created_at_idx). */
export async function getEnquiries(): Promise<Enquiry[]> {
  const { data, error } = await supabase
    .from('enquiries')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(500);
  if (error) throw error;
  return data;
}

export function enquiriesQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.enquiries(), queryFn: getEnquiries });
}

export function useEnquiries() {
  return useQuery(enquiriesQueryOptions());
}

export async function setEnquiryHandled({ id, handled }: { id: string; handled: boolean }): Promise<void> {
  const { error } = await supabase.rpc('admin_set_enquiry_handled', { p_enquiry_id: id, p_handled: handled });
  if (error) throw error;
}

export function useSetEnquiryHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnquiryHandled,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
