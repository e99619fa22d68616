import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AddParticipantValues } from '../schema';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

export interface AddParticipantResult {
  participantId: string;
  /** The confirmation was queued in the mail outbox together with the booking. */
  emailQueued: boolean;
}

/**
 * Books through admin_add_booking: the same transition as a visitor's booking (seats checked
 * under the event's lock, only upcoming events and their ways of paying; online payment gets a
 * real hold and a pay link), with the confirmation queued in the same transaction.
 */
export async function addParticipant(
  values: AddParticipantValues & { override?: boolean },
): Promise<AddParticipantResult> {
  const send = values.paymentMethod === 'stripe' || values.sendConfirmation;
  const { data, error } = await supabase.rpc('admin_add_booking', {
    p_event_id: values.eventId,
    p_name: values.name,
    p_email: values.email,
    p_phone: values.phone,
    p_persons: values.persons,
    p_payment_method: values.paymentMethod,
    p_notes: values.notes,
    p_send_mail: send,
    p_override: values.override ?? false,
  });
  if (error) throw error;
  return { participantId: data.id, emailQueued: send };
}

export function useAddParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
