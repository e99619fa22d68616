import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { participantKeys } from './participant-keys';
import type { EventOption } from './participant-types';

interface EventOptionRow {
  id: string;
  title: string;
  start_date: string | null;
  status: string;
}

export async function getEventOptions(): Promise<EventOption[]> {
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date, status')
    .order('start_date', { ascending: true, nullsFirst: false })
    .overrideTypes<EventOptionRow[], { merge: false }>();
  if (error) throw error;
  return data.map((row) => ({ id: row.id, title: row.title, startDate: row.start_date, status: row.status }));
}

export function useEventOptions() {
  return useQuery({ queryKey: participantKeys.eventOptions(), queryFn: getEventOptions });
}
