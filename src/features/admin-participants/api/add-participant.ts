import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AddParticipantValues } from '../schema';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

export interface AddParticipantResult {
  participantId: string;
  /** The confirmation was queued in the mail outbox together with the participant. */
  emailQueued: boolean;
}

/**
 * Adds the booking through admin_add_booking, which checks the event, the method and the seats,
 * keeps the event's count and, if asked, queues the confirmation mail in the same transaction.
 */
export async function addParticipant(values: AddParticipantValues): Promise<AddParticipantResult> {
  const { data, error } = await supabase.rpc('admin_add_booking', {
    p_event_id: values.eventId,
    p_name: values.name,
    p_email: values.email,
    p_phone: values.phone,
    p_persons: 1,
    p_payment_method: values.paymentMethod,
    p_notes: values.notes,
    p_send_mail: values.sendConfirmation,
  });
  if (error) throw error;
  return { participantId: data.id, emailQueued: values.sendConfirmation };
}

export function useAddParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
