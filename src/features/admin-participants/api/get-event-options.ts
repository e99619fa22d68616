import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { EventOption } from '../lib/admin-participant';
import { participantKeys } from './participant-keys';

/** Every event (any status), soonest first, for the filters and the add form. */
export async function getEventOptions(): Promise<EventOption[]> {
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date, status')
    .order('start_date', { ascending: true, nullsFirst: false });
  if (error) throw error;
  return data.map((row) => ({ id: row.id, title: row.title, startDate: row.start_date, status: row.status }));
}

export function eventOptionsQueryOptions() {
  return queryOptions({ queryKey: participantKeys.eventOptions(), queryFn: getEventOptions });
}

export function useEventOptions() {
  return useQuery(eventOptionsQueryOptions());
}
