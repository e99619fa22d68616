import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';

// The SQL function removes the participant and frees the seat in the same transaction. The
// refresh afterwards is not awaited, so the caller's own success handling (toast, navigation)
// runs before a refetch can re-render it away.

export async function deleteParticipant(id: string): Promise<void> {
  const { error } = await supabase.rpc('admin_delete_participant', { p_participant_id: id });
  if (error) throw error;
}

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
