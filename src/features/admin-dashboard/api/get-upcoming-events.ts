import { queryOptions, useQuery } from '@tanstack/react-query';
import { todayIso } from '@/lib/dates';
import { displayTime } from '@common/event-time.ts';
import { getTicketCounts, type TicketCount } from '@/lib/admin-ticket-types';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './dashboard-keys';

export const DASHBOARD_LIST_SIZE = 5;

export interface UpcomingEvent {
  id: string;
  title: string;
  startDate: string;
  /** '09:00–11:30 Uhr', '' without a time. */
  time: string;
  currentParticipants: number;
  maxParticipants: number;
  /** The booked persons per ticket type (admin_event_ticket_counts); empty without types. */
  ticketCounts: TicketCount[];
}

/** The next dated events from `today` on (any status), soonest first. */
export async function getUpcomingEvents(today: string): Promise<UpcomingEvent[]> {
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date, start_time, end_time, current_participants, max_participants')
    .gte('start_date', today)
    .order('start_date', { ascending: true })
    .limit(DASHBOARD_LIST_SIZE);
  if (error) throw error;
  const ticketCounts = await getTicketCounts(data.map((row) => row.id));
  // The filter already leaves out undated events; the check tells the type checker so.
  return data.flatMap((row) =>
    row.start_date === null
      ? []
      : [
          {
            id: row.id,
            title: row.title,
            startDate: row.start_date,
            time: displayTime(row.start_time, row.end_time),
            currentParticipants: row.current_participants,
            maxParticipants: row.max_participants,
            ticketCounts: ticketCounts.get(row.id) ?? [],
          },
        ],
  );
}

export function upcomingEventsQueryOptions(today: string) {
  return queryOptions({
    queryKey: dashboardKeys.upcoming(today),
    queryFn: () => getUpcomingEvents(today),
    staleTime: 0,
  });
}

export function useUpcomingEvents() {
  return useQuery(upcomingEventsQueryOptions(todayIso()));
}
