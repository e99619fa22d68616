import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { inboxKeys } from './inbox-keys';

/** What the admin navigation shows beside 'Posteingang' (admin_inbox_counts()). */
export interface InboxCounts {
  openEnquiries: number;
  failedMails: number;
}

const countsSchema = z.object({ open_enquiries: z.coerce.number(), failed_mails: z.coerce.number() });

export async function getInboxCounts(): Promise<InboxCounts> {
  const { data, error } = await supabase.rpc('admin_inbox_counts', undefined, { get: true });
  if (error) throw error;
  const row = countsSchema.parse(data);
  return { openEnquiries: row.open_enquiries, failedMails: row.failed_mails };
}

export function inboxCountsQueryOptions() {
  // Refreshed now and then, so an enquiry that arrives while the admin works shows up.
  return queryOptions({ queryKey: inboxKeys.counts(), queryFn: getInboxCounts, refetchInterval: 60_000 });
}

export function useInboxCounts() {
  return useQuery(inboxCountsQueryOptions());
}
