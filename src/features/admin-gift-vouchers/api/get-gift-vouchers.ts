import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectAllRows } from '@/lib/all-rows';
import { supabase } from '@/lib/supabase';
import type { GiftVoucher } from '../types';
import { giftVoucherKeys } from './gift-voucher-keys';

/** Every voucher, newest first (admins read them through RLS); read in pages, the list only grows. */
export function getGiftVouchers(): Promise<GiftVoucher[]> {
  return selectAllRows((from, to) =>
    supabase
      .from('gift_vouchers')
      .select('*')
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
}

export function giftVouchersQueryOptions() {
  return queryOptions({ queryKey: giftVoucherKeys.list(), queryFn: getGiftVouchers });
}

export function useGiftVouchers() {
  return useQuery(giftVouchersQueryOptions());
}
