import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { GiftVoucherOffer, GiftVoucherOfferValues } from '../types';
import { giftVoucherKeys } from './gift-voucher-keys';

// 'Angebote' (issue 28): read and written straight under RLS (admins manage, visitors read the
// active ones through gift_voucher_shop). Never deleted here: an order keeps its offer's id
// (ON DELETE SET NULL would cut that link), so an offer no longer sold is deactivated.

/** In the order /gutscheine shows them: position, then title. */
export async function getGiftVoucherOffers(): Promise<GiftVoucherOffer[]> {
  const { data, error } = await supabase
    .from('gift_voucher_offers')
    .select('*')
    .order('position')
    .order('title')
    .order('id');
  if (error) throw error;
  return data;
}

export function useGiftVoucherOffers() {
  return useQuery(queryOptions({ queryKey: giftVoucherKeys.offers(), queryFn: getGiftVoucherOffers }));
}

function useOfferMutation<Args>(write: (args: Args) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Also after a failure: a refused write may mean the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: giftVoucherKeys.offers() }),
  });
}

/** Adds an offer at `position` (the end of the list), or changes one (`id`; its place stays). */
export function useSaveGiftVoucherOffer() {
  return useOfferMutation(
    async ({ id, position, ...values }: GiftVoucherOfferValues & { id?: string; position: number }) => {
      const { error } = id
        ? await supabase.from('gift_voucher_offers').update(values).eq('id', id)
        : await supabase.from('gift_voucher_offers').insert({ ...values, position });
      if (error) throw error;
    },
  );
}

export function useSetGiftVoucherOfferActive() {
  return useOfferMutation(async ({ id, active }: { id: string; active: boolean }) => {
    const { error } = await supabase.from('gift_voucher_offers').update({ active }).eq('id', id);
    if (error) throw error;
  });
}

/** Writes the positions that changed (see `movedPositions`), one row after the other. */
export function useMoveGiftVoucherOffer() {
  return useOfferMutation(async (changes: Array<{ id: string; position: number }>) => {
    for (const { id, position } of changes) {
      const { error } = await supabase.from('gift_voucher_offers').update({ position }).eq('id', id);
      if (error) throw error;
    }
  });
}
