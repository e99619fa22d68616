import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { RegistrationError, registrationErrorCode } from '../lib/registration-errors';
import { waitlistErrorCode, WaitlistError } from '../lib/waitlist-errors';
import { waitlistKeys } from './waitlist-link';

// The two things a waiting-list link can do: claim the offer (books through the database's
// booking path) and leave the list. Both need only the link's secret token.

const claimReceiptSchema = z.object({
  participant_id: z.string(),
  /** The booking reference (SW-7K3M). */
  reference: z.string(),
  confirmation_token: z.string().nullable(),
  payment_status: z.string(),
  persons: z.number(),
});
export type ClaimReceipt = z.infer<typeof claimReceiptSchema>;

/** The database's refusal: a waiting-list code, else a booking code (seats gone, cancelled...). */
function refusal(error: { message: string; details?: string | null }): Error {
  const own = waitlistErrorCode(error.message);
  if (own) return new WaitlistError(own, error.message);
  return new RegistrationError(
    registrationErrorCode(error.message),
    error.message,
    null,
    error.details || null,
  );
}

export interface ClaimInput {
  paymentMethod: string;
  /** Answers to the event's questions by question id; they override those given on joining. */
  answers: Record<string, string>;
  /** An event with ticket types: the offered persons per type id (issue 28). */
  tickets?: Record<string, number>;
  /** A gift voucher that pays what it can (issue 28). */
  voucherCode?: string;
}

export async function claimWaitlistOffer(
  token: string,
  { paymentMethod, answers, tickets, voucherCode }: ClaimInput,
): Promise<ClaimReceipt> {
  const { data, error } = await supabase.rpc('claim_waitlist_offer', {
    p_token: token,
    p_payment_method: paymentMethod,
    p_answers: answers,
    ...(tickets ? { p_tickets: tickets } : {}),
    ...(voucherCode ? { p_voucher_code: voucherCode } : {}),
  });
  if (error) throw refusal(error);
  return claimReceiptSchema.parse(data);
}

export async function leaveWaitlist(token: string): Promise<void> {
  const { error } = await supabase.rpc('leave_waitlist', { p_token: token });
  if (error) throw refusal(error);
}

export function useClaimWaitlistOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaimInput) => claimWaitlistOffer(token, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.link(token) }),
  });
}

export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveWaitlist(token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.link(token) }),
  });
}
