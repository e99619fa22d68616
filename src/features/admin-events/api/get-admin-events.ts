import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { EventListQuery } from '../event-filters';
import { adminEventKeys } from './event-keys';
import { toAdminEvent, type AdminEvent, type EventRow } from './event-types';

export async function getAdminEvents({ status, category }: EventListQuery): Promise<AdminEvent[]> {
  let query = supabase.from('events').select('*').order('start_date', { ascending: true, nullsFirst: false });
  if (status !== 'all') query = query.eq('status', status);
  if (category !== 'all') query = query.eq('category', category);
  const { data, error } = await query.overrideTypes<EventRow[], { merge: false }>();
  if (error) throw error;
  return data.map(toAdminEvent);
}

export function useAdminEvents(query: EventListQuery) {
  return useQuery({ queryKey: adminEventKeys.list(query), queryFn: () => getAdminEvents(query) });
}
