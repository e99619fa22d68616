import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { GiftVoucherUse } from '../types';
import { giftVoucherKeys } from './gift-voucher-keys';

/** A voucher's redemptions and returns, oldest first, with the booking and its event. */
export async function getGiftVoucherUses(id: string): Promise<GiftVoucherUse[]> {
  const { data, error } = await supabase.rpc('admin_gift_voucher_uses', { p_id: id });
  if (error) throw error;
  return data;
}

/** Loaded only while the history is open (`enabled`): most vouchers are never looked into. */
export function useGiftVoucherUses(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: giftVoucherKeys.uses(id),
      queryFn: () => getGiftVoucherUses(id),
      enabled,
    }),
  );
}
