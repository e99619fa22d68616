import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { adminEventKeys } from './event-keys';

export interface EventCancellation {
  id: string;
  /** A personal message in the customers' notice (optional). */
  message: string;
  /** Send the notice now; otherwise it can be sent later from the status card. */
  notify: boolean;
}

/**
 * 'Event absagen': admin_cancel_event cancels every booking that holds seats (each with its
 * history row), refunds what was paid (Stripe refunds, else refunds by bank transfer for the
 * admin), closes the event and, if asked, queues the notices, all in one transaction.
 */
export async function cancelEvent({ id, message, notify }: EventCancellation): Promise<void> {
  const { error } = await supabase.rpc('admin_cancel_event', {
    p_event_id: id,
    p_message: message,
    p_notify: notify,
  });
  if (error) throw error;
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

// admin_event_notice_state answers jsonb {is_cancelled, recipients, without_notice, notice_sent}.
const noticeStateSchema = z.object({ without_notice: z.coerce.number() });

/** How many people of a cancelled event have not had the cancel notice yet (0: all told). */
export async function getUnnotifiedCount(eventId: string): Promise<number> {
  const { data, error } = await supabase.rpc('admin_event_notice_state', { p_event_id: eventId });
  if (error) throw error;
  return noticeStateSchema.parse(data).without_notice;
}

export function useUnnotifiedCount(eventId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: adminEventKeys.noticeState(eventId),
      queryFn: () => getUnnotifiedCount(eventId),
      enabled,
    }),
  );
}
