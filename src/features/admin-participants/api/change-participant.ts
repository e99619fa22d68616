import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

// Status changes and removals go through SQL functions that keep the event's
// current_participants in the same transaction. The refresh afterwards is not awaited, so the
// caller's own success handling (toast, navigation) runs before a refetch can re-render it away.

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

export async function deleteParticipant(id: string): Promise<void> {
  const { error } = await supabase.rpc('admin_delete_participant', { p_participant_id: id });
  if (error) throw error;
}

export function useSetPaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
