import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { PARTICIPANT_COLUMNS, toAdminParticipant, type AdminParticipant } from '../lib/admin-participant';
import { participantKeys } from './participant-keys';

/** Every participant, newest registration first. */
export async function getParticipants(): Promise<AdminParticipant[]> {
  const { data, error } = await supabase
    .from('participants')
    .select(PARTICIPANT_COLUMNS)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data.map(toAdminParticipant);
}

export function participantsQueryOptions() {
  return queryOptions({ queryKey: participantKeys.list(), queryFn: getParticipants });
}

export function useParticipants() {
  return useQuery(participantsQueryOptions());
}
