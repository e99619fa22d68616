import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectAllRows } from '@/lib/all-rows';
import { supabase } from '@/lib/supabase';
import { PARTICIPANT_COLUMNS, toAdminParticipant, type AdminParticipant } from '../lib/admin-participant';
import { participantKeys } from './participant-keys';

/** Every participant, newest registration first; in pages, past the API's max_rows (CSV export). */
export async function getParticipants(): Promise<AdminParticipant[]> {
  const rows = await selectAllRows((from, to) =>
    supabase
      .from('admin_bookings')
      .select(PARTICIPANT_COLUMNS)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
  return rows.map(toAdminParticipant);
}

export function participantsQueryOptions() {
  return queryOptions({ queryKey: participantKeys.list(), queryFn: getParticipants });
}

export function useParticipants() {
  return useQuery(participantsQueryOptions());
}
