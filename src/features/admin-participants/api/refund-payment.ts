import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { functionErrorMessage } from '@/lib/function-failure';
import { supabase } from '@/lib/supabase';

// 'Rückerstatten': the refund-payment function refunds the online payment through Stripe and
// sets the registration to 'refunded' (docs/contracts.md). Its German error is shown as it is.

const FAILED = 'Die Rückerstattung ist fehlgeschlagen. Bitte versuche es später erneut.';

export async function refundPayment(participantId: string): Promise<void> {
  const { error } = await supabase.functions.invoke('refund-payment', { body: { participantId } });
  if (!error) return;
  throw new Error((await functionErrorMessage(error)) ?? FAILED);
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
