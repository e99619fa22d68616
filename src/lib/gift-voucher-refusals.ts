import { formatDateLong } from '@/lib/dates';
import { visitorErrorMessage, type ErrorCode } from '@/lib/error-codes';

// The gift voucher refusals (public.error_codes GIFT_VOUCHER_*) as the booking form words them at
// the voucher's field: the form's check (check-gift-voucher) and the booking raise the same codes.

const GIFT_VOUCHER_REFUSALS = [
  'GIFT_VOUCHER_UNKNOWN',
  'GIFT_VOUCHER_EXPIRED',
  'GIFT_VOUCHER_VOID',
  'GIFT_VOUCHER_EMPTY',
  'GIFT_VOUCHER_NOT_NEEDED',
] as const satisfies readonly ErrorCode[];

export function isGiftVoucherRefusal(code: ErrorCode | null): boolean {
  return (GIFT_VOUCHER_REFUSALS as readonly string[]).includes(code ?? '');
}

/** The text at the field; an expired voucher names its last day (DETAIL). */
export function giftVoucherMessage(code: ErrorCode, detail: string | null): string {
  if (code === 'GIFT_VOUCHER_EXPIRED' && detail)
    return `Dieser Gutschein war bis ${formatDateLong(detail)} gültig.`;
  return visitorErrorMessage(code) ?? 'Dieser Gutschein gilt nicht.';
}

/** What the voucher pays of a total: all of it or its balance, whichever is less (as in SQL). */
export function voucherPartCents(balanceCents: number, totalCents: number): number {
  return Math.max(0, Math.min(balanceCents, totalCents));
}
