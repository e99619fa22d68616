import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { PARTICIPANT_COLUMNS, toAdminParticipant, type AdminParticipant } from '../lib/admin-participant';
import { eventsById } from './get-participants';
import { participantKeys } from './participant-keys';

/** `null` when no participant has this id. */
export async function getParticipant(id: string): Promise<AdminParticipant | null> {
  const { data, error } = await supabase
    .from('admin_bookings')
    .select(PARTICIPANT_COLUMNS)
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const events = await eventsById([data.event_id]);
  return toAdminParticipant({ ...data, event: events.get(data.event_id ?? '') ?? null });
}

export function participantQueryOptions(id: string) {
  return queryOptions({ queryKey: participantKeys.detail(id), queryFn: () => getParticipant(id) });
}

export function useParticipant(id: string) {
  return useQuery(participantQueryOptions(id));
}
