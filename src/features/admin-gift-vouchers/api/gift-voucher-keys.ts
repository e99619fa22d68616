import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/** Admin query keys for gift vouchers: issuing and voiding invalidate `all` (list and histories). */
export const giftVoucherKeys = {
  all: [...ADMIN_ROOT_KEY, 'gift-vouchers'] as const,
  list: () => [...giftVoucherKeys.all, 'list'] as const,
  uses: (id: string) => [...giftVoucherKeys.all, 'uses', id] as const,
  /** 'Angebote': the offer vouchers sold on /gutscheine. */
  offers: () => [...giftVoucherKeys.all, 'offers'] as const,
  /** 'Bestellungen': vouchers bought online. */
  orders: () => [...giftVoucherKeys.all, 'orders'] as const,
};
