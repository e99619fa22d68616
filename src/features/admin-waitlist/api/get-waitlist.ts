import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Database } from '@common/database.ts';
import { adminWaitlistKeys } from './waitlist-keys';

// The waiting list of one event (admin_waitlist: position, contact, persons, offer state) and
// the event's seats it is about.

export type WaitlistRow = Database['public']['Functions']['admin_waitlist']['Returns'][number];

export async function fetchWaitlist(eventId: string): Promise<WaitlistRow[]> {
  const { data, error } = await supabase.rpc('admin_waitlist', { p_event_id: eventId });
  if (error) throw error;
  return data;
}

export const waitlistQuery = (eventId: string) =>
  queryOptions({ queryKey: adminWaitlistKeys.list(eventId), queryFn: () => fetchWaitlist(eventId) });

export function useWaitlist(eventId: string) {
  return useQuery(waitlistQuery(eventId));
}

const EVENT_COLUMNS = 'id, title, start_date, max_participants, current_participants, offered_persons';

export async function fetchWaitlistEvent(eventId: string) {
  const { data, error } = await supabase.from('events').select(EVENT_COLUMNS).eq('id', eventId).maybeSingle();
  if (error) throw error;
  return data;
}

export const waitlistEventQuery = (eventId: string) =>
  queryOptions({ queryKey: adminWaitlistKeys.event(eventId), queryFn: () => fetchWaitlistEvent(eventId) });

export function useWaitlistEvent(eventId: string) {
  return useQuery(waitlistEventQuery(eventId));
}
