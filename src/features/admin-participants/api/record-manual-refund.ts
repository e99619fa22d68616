import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';

// 'Rückerstattung erfasst': the admin has sent the money of a booking paid by invoice (or on
// site) back by bank transfer; admin_record_manual_refund closes the open refund and, for a
// cancelled booking or a full refund, sets it to 'refunded' (docs/data-model.md, "Refunds").

export async function recordManualRefund(participantId: string): Promise<void> {
  const { error } = await supabase.rpc('admin_record_manual_refund', { p_participant_id: participantId });
  if (!error) return;
  throw new Error(
    error.message.includes('NOT_REFUNDABLE')
      ? 'Für diese Anmeldung ist keine Rückerstattung per Überweisung möglich.'
      : 'Die Rückerstattung konnte nicht erfasst werden. Bitte versuchen Sie es erneut.',
  );
}

export function useRecordManualRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordManualRefund,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
