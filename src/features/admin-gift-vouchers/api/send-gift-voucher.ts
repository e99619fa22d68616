import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { giftVoucherKeys } from './gift-voucher-keys';

/** 'Per E-Mail senden': the voucher with its PDF to this address, on this day (null: today). */
export async function sendGiftVoucher({
  id,
  email,
  sendOn,
}: {
  id: string;
  email: string;
  sendOn: string | null;
}) {
  const { error } = await supabase.rpc('admin_send_gift_voucher', {
    p_id: id,
    p_email: email,
    ...(sendOn ? { p_send_on: sendOn } : {}),
  });
  if (error) throw error;
}

export function useSendGiftVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendGiftVoucher,
    // The list shows to whom and for which day it was last sent.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftVoucherKeys.all }),
  });
}
