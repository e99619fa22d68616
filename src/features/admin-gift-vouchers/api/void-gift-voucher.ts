import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { GiftVoucher } from '../types';
import { giftVoucherKeys } from './gift-voucher-keys';

export async function voidGiftVoucher({ id, reason }: { id: string; reason: string }): Promise<GiftVoucher> {
  const { data, error } = await supabase.rpc('admin_void_gift_voucher', { p_id: id, p_reason: reason });
  if (error) throw error;
  return data;
}

export function useVoidGiftVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidGiftVoucher,
    // Also after a refusal: 'already void' means the list is out of date. Not awaited: the list
    // read again drops the voucher's 'Ungültig machen', and with it the dialog, which must have
    // closed (and moved the focus) by then.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: giftVoucherKeys.all });
    },
  });
}
