import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Tells everybody who booked the (already cancelled) event, and its waiting list, through the
 * outbox, once per address (core's admin_notify_event_cancelled). Answers the number of mails.
 */
export async function notifyEventCancelled({
  id,
  message,
}: {
  id: string;
  message: string;
}): Promise<number> {
  const { data, error } = await supabase.rpc('admin_notify_event_cancelled', {
    p_event_id: id,
    p_message: message,
  });
  if (error) throw error;
  return data;
}

export function useNotifyEventCancelled() {
  return useMutation({ mutationFn: notifyEventCancelled });
}
