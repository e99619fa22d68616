import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AddParticipantValues } from '../schema';
import { ADMIN_ROOT_KEY } from './participant-keys';

export interface AddParticipantResult {
  participantId: string;
  /** null when no e-mail was requested. */
  emailSent: boolean | null;
}

interface ConfirmationAnswer {
  success?: boolean;
}

/** Asks the confirmation function (with the admin's session) to mail the participant. */
async function sendConfirmation(participantId: string): Promise<boolean> {
  try {
    const { data, error } = await supabase.functions.invoke<ConfirmationAnswer>('send-confirmation-email', {
      body: { participantId },
    });
    return !error && data?.success === true;
  } catch {
    return false;
  }
}

/**
 * Adds the participant through admin_add_participant (which also keeps the event's count) and,
 * if asked, sends the confirmation. A failed e-mail does not undo the registration.
 */
export async function addParticipant(values: AddParticipantValues): Promise<AddParticipantResult> {
  const { data, error } = await supabase.rpc('admin_add_participant', {
    p_event_id: values.eventId,
    p_name: values.name,
    p_email: values.email,
    p_phone: values.phone,
    p_payment_status: values.paymentStatus,
    p_payment_method: values.paymentMethod,
    p_notes: values.notes,
  });
  if (error) throw error;
  const participantId = (data as { id: string }).id;
  const emailSent = values.sendConfirmation ? await sendConfirmation(participantId) : null;
  return { participantId, emailSent };
}

export function useAddParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
