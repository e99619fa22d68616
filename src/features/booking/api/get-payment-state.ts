import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './booking-keys';

// The visitor's view of their registration's payment, as payment_state() answers the holder of
// the one-time token (docs/data-model.md, "Online payment").

const paymentStateSchema = z.object({
  state: z.enum(['paid', 'open', 'expired', 'pending', 'cancelled', 'refunded']),
  payment_method: z.string(),
  amount_cents: z.number().nullable(),
  event_title: z.string(),
  checkout_url: z.string().nullable(),
});

export type PaymentState = z.infer<typeof paymentStateSchema>;

/** Null for an unknown registration or a wrong token. */
export async function getPaymentState(participantId: string, token: string): Promise<PaymentState | null> {
  const { data, error } = await supabase.rpc('payment_state', {
    p_participant_id: participantId,
    p_token: token,
  });
  if (error) throw error;
  return data === null ? null : paymentStateSchema.parse(data);
}

/** How long the page waits for Stripe's confirmation after the visitor came back from paying. */
export const CONFIRMATION_POLL_MS = 1500;

export function paymentStateQueryOptions(participantId: string, token: string) {
  return queryOptions({
    queryKey: bookingKeys.paymentState(participantId, token),
    queryFn: () => getPaymentState(participantId, token),
  });
}

/**
 * `awaitingPayment`: the visitor returned from Stripe's success page, so an 'open' state is only
 * Stripe's webhook still on its way; the state is asked again until it changes.
 */
export function usePaymentState(participantId: string, token: string, awaitingPayment: boolean) {
  return useQuery({
    ...paymentStateQueryOptions(participantId, token),
    enabled: token !== '',
    refetchInterval: (query) =>
      awaitingPayment && query.state.data?.state === 'open' ? CONFIRMATION_POLL_MS : false,
  });
}
