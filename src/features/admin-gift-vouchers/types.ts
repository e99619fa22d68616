import type { Database, Tables, TablesInsert } from '@common/database.ts';

// 'Gutscheine' (issue 28): the rows and answers as the database generates them.

type Functions = Database['public']['Functions'];

export type GiftVoucher = Tables<'gift_vouchers'>;
/** One line of a voucher's history: a redemption in a booking, or a return onto the voucher. */
export type GiftVoucherUse = Functions['admin_gift_voucher_uses']['Returns'][number];
export type IssueGiftVoucherArgs = Functions['admin_issue_gift_voucher']['Args'];

/** An offer voucher the provider sells on /gutscheine ('Angebote'). */
export type GiftVoucherOffer = Tables<'gift_voucher_offers'>;
export type GiftVoucherOfferValues = Pick<
  TablesInsert<'gift_voucher_offers'>,
  'title' | 'description' | 'price_cents' | 'active'
>;
/** An order from /gutscheine with the code of the voucher issued for it (once paid). */
export type GiftVoucherOrder = Tables<'gift_voucher_orders'> & { voucher: { code: string } | null };
