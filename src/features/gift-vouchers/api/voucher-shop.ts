import { useCallback, useEffect, useState } from 'react';
import { loadSupabase } from '@/lib/load-supabase';
import type { VoucherShop } from '../order-values';

// What /gutscheine sells, read at runtime (public.gift_voucher_shop): an offer the team adds
// shows without a new build. Loaded after the page has painted, with supabase-js on demand; a
// plain effect rather than react-query, whose hook would add to the page's initial JavaScript.

async function fetchVoucherShop(): Promise<VoucherShop> {
  const supabase = await loadSupabase();
  const [shop, payment, { shopSchema }] = await Promise.all([
    supabase.rpc('gift_voucher_shop'),
    // The booking form's question (payment-options). Unanswered: card and TWINT are offered, and
    // buy-gift-voucher says so if they are not set up.
    import('@/lib/payment-options')
      .then(({ getPaymentOptions }) => getPaymentOptions())
      .catch(() => ({ stripe: true, invoice: false })),
    import('./shop-schema'),
  ]);
  if (shop.error) throw new Error(shop.error.message);
  return { ...shopSchema.parse(shop.data), payment };
}

export interface VoucherShopState {
  data: VoucherShop | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

export function useVoucherShop(): VoucherShopState {
  const [data, setData] = useState<VoucherShop | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    fetchVoucherShop().then(
      (shop) => {
        if (!current) return;
        setData(shop);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [asked]);
  const refetch = useCallback(() => setAsked((count) => count + 1), []);
  return { data, isPending: data === undefined && !failed, isError: failed, refetch };
}
