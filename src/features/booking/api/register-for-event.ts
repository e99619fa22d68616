import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { RegistrationError, registrationErrorCode } from '../lib/registration-errors';
import type { RegistrationValues } from '../schema';

export interface RegistrationRequest {
  eventId: string;
  values: RegistrationValues;
  /** One id per form fill: the database turns a repeated submit into the first registration. */
  requestId: string;
}

/**
 * What `register_for_event` answers (docs/contracts.md). The function returns jsonb, which the
 * generated types can only call Json, so the answer is checked here where it enters the app.
 */
const receiptSchema = z.object({
  participant_id: z.string(),
  /** The booking reference (SW-7K3M): the confirmation page's address. */
  reference: z.string(),
  /** Secret of the confirmation page and the manage link (only its hash is stored). */
  manage_token: z.string(),
  /** null when a repeated request finds the confirmation already sent (only its hash is kept). */
  confirmation_token: z.string().nullable(),
  payment_status: z.string(),
  persons: z.number(),
  current_participants: z.number(),
});
export type RegistrationReceipt = z.infer<typeof receiptSchema>;

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
  const receipt = receiptSchema.safeParse(data);
  // Saved, but the answer breaks the contract: a repeat with the same requestId finds this row.
  if (!receipt.success) throw new RegistrationError(null, `Unexpected answer: ${receipt.error.message}`);
  return receipt.data;
}

export function useRegisterForEvent() {
  return useMutation({ mutationFn: registerForEvent });
}
