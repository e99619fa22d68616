import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

export interface EventCancellation {
  id: string;
  cancelled: boolean;
}

/**
 * 'Event absagen' / 'Absage aufheben': only the flag, at once, whatever else the open form holds
 * unsaved. The public pages then show the event as cancelled and it takes no bookings.
 */
export async function setEventCancelled({ id, cancelled }: EventCancellation): Promise<void> {
  const { data, error } = await supabase
    .from('events')
    .update({ is_cancelled: cancelled })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  // RLS hides rows instead of refusing: nothing updated means the event is gone (or not ours).
  if (data.length === 0) throw new Error('EVENT_NOT_FOUND');
}

export function useSetEventCancelled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEventCancelled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
