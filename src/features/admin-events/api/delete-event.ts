import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/**
 * Deletes an event nobody booked. The database refuses one with bookings that hold seats or
 * money (EVENT_HAS_BOOKINGS): those are cancelled with admin_cancel_event instead.
 */
export async function deleteEvent(eventId: string): Promise<void> {
  const { error } = await supabase.rpc('admin_delete_event', { p_event_id: eventId });
  if (error) throw error;
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    // Mark everything stale without refetching now: refetching the open (deleted) event would
    // answer "not found" and pull the form away before it can announce the deletion.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY, refetchType: 'none' }),
  });
}
