import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectAllRows } from '@/lib/all-rows';
import { supabase } from '@/lib/supabase';
import {
  CHECKIN_COLUMNS,
  CHECKIN_EVENT_COLUMNS,
  toCheckinEntry,
  toCheckinEvent,
  type CheckinList,
} from '../lib/checkin';
import { participantKeys } from './participant-keys';

/**
 * The event and its registrations that hold seats (cancelled and expired ones stay away from
 * the door), by name; in pages, so a large event is never cut at the API's max_rows. `null` when
 * there is no such event.
 */
export async function getCheckinList(eventId: string): Promise<CheckinList | null> {
  const [event, participants] = await Promise.all([
    supabase.from('events').select(CHECKIN_EVENT_COLUMNS).eq('id', eventId).maybeSingle(),
    selectAllRows((from, to) =>
      supabase
        .from('admin_bookings')
        .select(CHECKIN_COLUMNS)
        .eq('event_id', eventId)
        .in('status', ['held', 'confirmed'])
        .order('name')
        .order('id')
        .range(from, to),
    ),
  ]);
  if (event.error) throw event.error;
  if (!event.data) return null;
  return { event: toCheckinEvent(event.data), entries: participants.map(toCheckinEntry) };
}

export function checkinListQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: participantKeys.checkin(eventId),
    queryFn: () => getCheckinList(eventId),
  });
}

export function useCheckinList(eventId: string) {
  return useQuery(checkinListQueryOptions(eventId));
}
