import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';

// The SQL function keeps the event's current_participants in the same transaction (a cancelled
// participant frees the seat). The refresh afterwards is not awaited, so the caller's own success
// handling (toast, navigation) runs before a refetch can re-render it away.

export async function setPaymentStatus({
  id,
  status,
}: {
  id: string;
  status: 'paid' | 'cancelled';
}): Promise<void> {
  const { error } = await supabase.rpc('admin_set_payment_status', {
    p_participant_id: id,
    p_status: status,
  });
  if (error) throw error;
}

export function useSetPaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
