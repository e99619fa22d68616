import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectAllRows } from '@/lib/all-rows';
import { supabase } from '@/lib/supabase';
import { ADMIN_EVENT_COLUMNS, toAdminEvent, type AdminEvent } from '../lib/admin-event';
import type { EventListQuery } from '../lib/event-filters';
import { adminEventKeys } from './event-keys';

/** The admin's event list; in pages, so years of events never hit the API's max_rows. */
export async function getAdminEvents({ status, category }: EventListQuery): Promise<AdminEvent[]> {
  const rows = await selectAllRows((from, to) => {
    let query = supabase.from('events').select(ADMIN_EVENT_COLUMNS);
    if (status !== 'all') query = query.eq('status', status);
    if (category !== 'all') query = query.eq('category', category);
    return query.order('start_date', { ascending: true, nullsFirst: false }).order('id').range(from, to);
  });
  return rows.map(toAdminEvent);
}

export function adminEventsQueryOptions(query: EventListQuery) {
  return queryOptions({ queryKey: adminEventKeys.list(query), queryFn: () => getAdminEvents(query) });
}

export function useAdminEvents(query: EventListQuery) {
  return useQuery(adminEventsQueryOptions(query));
}
