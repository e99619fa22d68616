import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { participantKeys } from './participant-keys';

/** A payment Stripe took that did not match what the booking owed ("Zahlung prüfen"). */
export interface PaymentToCheck {
  id: string;
  amountCents: number;
  currency: string;
  method: string;
  createdAt: string;
}

export async function getPaymentsToCheck(participantId: string): Promise<PaymentToCheck[]> {
  const { data, error } = await supabase
    .from('payments')
    .select('id, amount_cents, currency, method, created_at')
    .eq('participant_id', participantId)
    .eq('state', 'mismatch')
    .order('created_at');
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    amountCents: row.amount_cents,
    currency: row.currency,
    method: row.method,
    createdAt: row.created_at,
  }));
}

export function usePaymentsToCheck(participantId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: participantKeys.paymentsToCheck(participantId),
      queryFn: () => getPaymentsToCheck(participantId),
      enabled,
    }),
  );
}
