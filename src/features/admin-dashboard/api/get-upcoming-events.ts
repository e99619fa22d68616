import { useQuery } from '@tanstack/react-query';
import { todayIso } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './dashboard-keys';

export const DASHBOARD_LIST_SIZE = 5;

export interface UpcomingEvent {
  id: string;
  title: string;
  startDate: string;
  time: string;
  currentParticipants: number;
  maxParticipants: number;
}

interface UpcomingEventRow {
  id: string;
  title: string;
  start_date: string;
  time: string;
  current_participants: number;
  max_participants: number;
}

export async function getUpcomingEvents(today: string): Promise<UpcomingEvent[]> {
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date, time, current_participants, max_participants')
    .gte('start_date', today)
    .order('start_date', { ascending: true })
    .limit(DASHBOARD_LIST_SIZE)
    .overrideTypes<UpcomingEventRow[], { merge: false }>();
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    title: row.title,
    startDate: row.start_date,
    time: row.time,
    currentParticipants: row.current_participants,
    maxParticipants: row.max_participants,
  }));
}

export function useUpcomingEvents() {
  const today = todayIso();
  return useQuery({
    queryKey: dashboardKeys.upcoming(today),
    queryFn: () => getUpcomingEvents(today),
    staleTime: 0,
  });
}
