import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { participantKeys } from './participant-keys';

// What 'Rückerstatten' gives back now: admin_refund_details answers what is left of the online
// payment (paid minus refunds already queued or made), the same answer the refund-payment
// function acts on (docs/data-model.md, "Refunds").

const detailsSchema = z.object({
  /** In Rappen; null when the amount paid was not recorded (Stripe then refunds what is left). */
  amount_cents: z.number().int().nullable(),
});

export async function fetchRefundAmountCents(participantId: string): Promise<number | null> {
  const { data, error } = await supabase.rpc('admin_refund_details', { p_participant_id: participantId });
  if (error) throw error;
  return detailsSchema.parse(data).amount_cents;
}

export const refundAmountQuery = (participantId: string) =>
  queryOptions({
    queryKey: participantKeys.refundAmount(participantId),
    queryFn: () => fetchRefundAmountCents(participantId),
    // Asked when the dialog opens; a refund elsewhere meanwhile must not leave an old amount.
    staleTime: 0,
  });

export function useRefundAmount(participantId: string) {
  return useQuery(refundAmountQuery(participantId));
}
