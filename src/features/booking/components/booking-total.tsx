import { formatChf } from '@common/format.ts';
import type { AppliedDiscount } from '../api/check-discount-code';
import type { CheckedVoucher } from '@/lib/gift-voucher-check';
import { voucherPartCents } from '@/lib/gift-voucher-refusals';

const ROW = 'flex flex-wrap items-baseline justify-between gap-2';

/**
 * The booking form's total: the discount code's part, the total, and with a redeemed gift
 * voucher its part and what is left to pay (the database computes the same when booking).
 */
export function BookingTotal({
  total,
  totalCents,
  discount,
  voucher,
}: {
  /** As the form words it: 'CHF 95.00', '2 × CHF 45.00 = CHF 90.00', 'Kostenlos'. */
  total: string;
  /** The same in centimes; null while unknown (the hut's price not loaded). */
  totalCents: number | null;
  discount: AppliedDiscount | null;
  voucher: CheckedVoucher | null;
}) {
  const voucherCents =
    voucher && totalCents !== null ? voucherPartCents(voucher.balance_cents, totalCents) : null;
  return (
    <div className="space-y-1 border-t pt-4">
      {discount ? (
        <p className={`${ROW} text-sm`}>
          <span className="text-muted-foreground">Rabatt ({discount.code})</span>
          <span>− {formatChf(discount.discount_cents / 100)}</span>
        </p>
      ) : null}
      <p className={ROW}>
        <span className="text-sm text-muted-foreground">Total</span>
        <span className="font-semibold" aria-live="polite">
          {total}
        </span>
      </p>
      {totalCents !== null && voucherCents !== null ? (
        <>
          <p className={`${ROW} text-sm`}>
            <span className="text-muted-foreground">Gutschein</span>
            <span>− {formatChf(voucherCents / 100)}</span>
          </p>
          <p className={ROW}>
            <span className="text-sm text-muted-foreground">Noch zu bezahlen</span>
            <span className="font-semibold" aria-live="polite">
              {formatChf((totalCents - voucherCents) / 100)}
            </span>
          </p>
        </>
      ) : null}
    </div>
  );
}
