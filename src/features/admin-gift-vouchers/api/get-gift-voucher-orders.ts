import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectAllRows } from '@/lib/all-rows';
import { supabase } from '@/lib/supabase';
import type { GiftVoucherOrder } from '../types';
import { giftVoucherKeys } from './gift-voucher-keys';

/**
 * Every order, newest first, with its voucher's code (admins read both tables through RLS;
 * orders are written only by the order and payment functions). Read in pages: the list only grows.
 */
export function getGiftVoucherOrders(): Promise<GiftVoucherOrder[]> {
  return selectAllRows((from, to) =>
    supabase
      .from('gift_voucher_orders')
      .select('*, voucher:gift_vouchers(code)')
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
}

export function useGiftVoucherOrders() {
  return useQuery(queryOptions({ queryKey: giftVoucherKeys.orders(), queryFn: getGiftVoucherOrders }));
}
