import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';

// Transitions (issue 24): "bezahlt" records the open amount as received (admin_record_payment),
// "storniert" cancels through admin_cancel_booking (seats freed, paid money back, the customer
// told). The refresh afterwards is not awaited, so the caller's own success handling (toast,
// navigation) runs before a refetch can re-render it away.

export async function setPaymentStatus({
  id,
  status,
}: {
  id: string;
  status: 'paid' | 'cancelled';
}): Promise<void> {
  if (status === 'cancelled') {
    const { error } = await supabase.rpc('admin_cancel_booking', { p_participant_id: id });
    if (error) throw error;
    return;
  }
  const { data: booking, error: readError } = await supabase
    .from('admin_bookings')
    .select('open_cents, payment_method')
    .eq('id', id)
    .single();
  if (readError) throw readError;
  const { error } = await supabase.rpc('admin_record_payment', {
    p_participant_id: id,
    p_amount_cents: booking.open_cents ?? 0,
    p_method: booking.payment_method === 'invoice' ? 'invoice' : 'onsite',
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
