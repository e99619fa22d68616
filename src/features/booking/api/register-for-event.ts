import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { RegistrationError, registrationErrorCode } from '../lib/registration-errors';
import type { RegistrationValues } from '../schema';

export interface RegistrationRequest {
  eventId: string;
  values: RegistrationValues;
  /** One id per form fill: the database turns a repeated submit into the first registration. */
  requestId: string;
}

/** What `register_for_event` answers (docs/contracts.md). */
export interface RegistrationReceipt {
  participant_id: string;
  confirmation_token: string;
  payment_status: string;
  persons: number;
  current_participants: number;
}

export async function registerForEvent({
  eventId,
  values,
  requestId,
}: RegistrationRequest): Promise<RegistrationReceipt> {
  const { data, error } = await supabase.rpc('register_for_event', {
    p_event_id: eventId,
    p_name: values.name,
    p_email: values.email,
    p_phone: values.phone,
    p_payment_method: values.paymentMethod,
    p_notes: values.notes,
    p_request_id: requestId,
    p_persons: values.persons,
  });
  if (error) {
    throw new RegistrationError(
      registrationErrorCode(error.message),
      error.message,
      null,
      error.details || null,
    );
  }
  // The function returns jsonb, typed as generic Json; its shape is fixed by docs/contracts.md.
  return data as unknown as RegistrationReceipt;
}

export function useRegisterForEvent() {
  return useMutation({ mutationFn: registerForEvent });
}
