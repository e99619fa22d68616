import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { participantKeys } from './participant-keys';
import { toAdminParticipant, type AdminParticipant, type ParticipantRow } from './participant-types';

const PARTICIPANT_COLUMNS = '*, event:events(id, title, start_date)';

export async function getParticipants(): Promise<AdminParticipant[]> {
  const { data, error } = await supabase
    .from('participants')
    .select(PARTICIPANT_COLUMNS)
    .order('created_at', { ascending: false })
    .overrideTypes<ParticipantRow[], { merge: false }>();
  if (error) throw error;
  return data.map(toAdminParticipant);
}

export function useParticipants() {
  return useQuery({ queryKey: participantKeys.list(), queryFn: getParticipants });
}

/** `null` when no participant has this id. */
export async function getParticipant(id: string): Promise<AdminParticipant | null> {
  const { data, error } = await supabase
    .from('participants')
    .select(PARTICIPANT_COLUMNS)
    .eq('id', id)
    .maybeSingle<ParticipantRow>();
  if (error) throw error;
  return data ? toAdminParticipant(data) : null;
}

export function useParticipant(id: string) {
  return useQuery({ queryKey: participantKeys.detail(id), queryFn: () => getParticipant(id) });
}
