import type { Database, Tables } from '@common/database.ts';

// 'Gutscheine' (issue 28): the rows and answers as the database generates them.

type Functions = Database['public']['Functions'];

export type GiftVoucher = Tables<'gift_vouchers'>;
/** One line of a voucher's history: a redemption in a booking, or a return onto the voucher. */
export type GiftVoucherUse = Functions['admin_gift_voucher_uses']['Returns'][number];
export type IssueGiftVoucherArgs = Functions['admin_issue_gift_voucher']['Args'];
