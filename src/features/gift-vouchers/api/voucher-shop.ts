import { useCallback, useEffect, useState } from 'react';
import { loadSupabase } from '@/lib/load-supabase';
import type { VoucherShop } from '../order-values';

// What /gutscheine sells, read at runtime (public.gift_voucher_shop): an offer the team adds
// shows without a new build. Loaded after the page has painted, with supabase-js on demand; a
// plain effect rather than react-query, whose hook would add to the page's initial JavaScript.

async function fetchVoucherShop(): Promise<VoucherShop> {
  const supabase = await loadSupabase();
  const [shop, options, { shopSchema }] = await Promise.all([
    supabase.rpc('gift_voucher_shop'),
    supabase.functions.invoke<{ stripe?: unknown; invoice?: unknown }>('payment-options', { body: {} }),
    import('./shop-schema'),
  ]);
  if (shop.error) throw new Error(shop.error.message);
  // Unknown: card and TWINT are offered, and buy-gift-voucher says so if they are not set up.
  const payment = {
    stripe: options.data?.stripe !== false,
    invoice: options.data?.invoice === true,
  };
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
