import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { GiftVoucher, IssueGiftVoucherArgs } from '../types';
import { giftVoucherKeys } from './gift-voucher-keys';

/** The database draws the code and, without a date, the validity from the settings. */
export async function issueGiftVoucher(args: IssueGiftVoucherArgs): Promise<GiftVoucher> {
  const { data, error } = await supabase.rpc('admin_issue_gift_voucher', args);
  if (error) throw error;
  return data;
}

export function useIssueGiftVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueGiftVoucher,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftVoucherKeys.all }),
  });
}
