import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';

// Remove an entry, send an offer by hand: both SQL functions check is_admin() and hold the
// event row lock; an offer's mail goes through the outbox in the same transaction.

export async function removeWaitlistEntry(entryId: string): Promise<void> {
  const { error } = await supabase.rpc('admin_remove_waitlist_entry', { p_entry_id: entryId });
  if (error) throw error;
}

export async function offerWaitlistEntry(entryId: string): Promise<void> {
  const { error } = await supabase.rpc('admin_offer_waitlist_entry', { p_entry_id: entryId });
  if (error) throw error;
}

function useAdminWrite(write: (entryId: string) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Seats and counts show on other admin screens too.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

export const useRemoveWaitlistEntry = () => useAdminWrite(removeWaitlistEntry);
export const useOfferWaitlistEntry = () => useAdminWrite(offerWaitlistEntry);
