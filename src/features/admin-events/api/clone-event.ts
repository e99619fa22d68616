import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import type { EventRow } from '../lib/admin-event';

/** The database copies the event as a draft titled '... (Kopie)' with no participants. */
export async function cloneEvent(eventId: string): Promise<EventRow> {
  const { data, error } = await supabase.rpc('admin_clone_event', { p_event_id: eventId });
  if (error) throw error;
  return data;
}

export function useCloneEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
