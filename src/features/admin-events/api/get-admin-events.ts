import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_EVENT_COLUMNS, toAdminEvent, type AdminEvent } from '../lib/admin-event';
import type { EventListQuery } from '../lib/event-filters';
import { adminEventKeys } from './event-keys';

export async function getAdminEvents({ status, category }: EventListQuery): Promise<AdminEvent[]> {
  let query = supabase
    .from('events')
    .select(ADMIN_EVENT_COLUMNS)
    .order('start_date', { ascending: true, nullsFirst: false });
  if (status !== 'all') query = query.eq('status', status);
  if (category !== 'all') query = query.eq('category', category);
  const { data, error } = await query;
  if (error) throw error;
  return data.map(toAdminEvent);
}

export function adminEventsQueryOptions(query: EventListQuery) {
  return queryOptions({ queryKey: adminEventKeys.list(query), queryFn: () => getAdminEvents(query) });
}

export function useAdminEvents(query: EventListQuery) {
  return useQuery(adminEventsQueryOptions(query));
}
