import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { CheckinList } from '../lib/checkin';
import { participantKeys } from './participant-keys';

export interface CheckIn {
  eventId: string;
  participantId: string;
  present: boolean;
}

/** Marks a registration present or not (admin_set_checked_in); answers the stored time. */
export async function setCheckedIn({ participantId, present }: CheckIn): Promise<string | null> {
  const { data, error } = await supabase.rpc('admin_set_checked_in', {
    p_participant_id: participantId,
    p_present: present,
  });
  if (error) throw error;
  return data.checked_in_at;
}

/** The list takes the database's answer at once, so the door does not wait for a reload. */
export function useSetCheckedIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCheckedIn,
    onSuccess: (checkedInAt, { eventId, participantId }) => {
      queryClient.setQueryData<CheckinList | null>(participantKeys.checkin(eventId), (list) =>
        list
          ? {
              ...list,
              entries: list.entries.map((entry) =>
                entry.id === participantId ? { ...entry, checkedInAt } : entry,
              ),
            }
          : list,
      );
    },
  });
}
