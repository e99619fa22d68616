import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/**
 * 'Absage aufheben': only the event's flag, at once (an event is not a booking; its bookings stay
 * cancelled, each can be reactivated with the seats re-checked). Cancelling goes through
 * admin_cancel_event (cancel-event.ts), which also cancels and refunds the bookings.
 */
export async function reopenEvent(id: string): Promise<void> {
  const { data, error } = await supabase
    .from('events')
    .update({ is_cancelled: false })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  // RLS hides rows instead of refusing: nothing updated means the event is gone (or not ours).
  if (data.length === 0) throw new Error('EVENT_NOT_FOUND');
}

export function useReopenEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
