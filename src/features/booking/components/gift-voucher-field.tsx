import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { formatChf } from '@common/format.ts';
import { FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { checkGiftVoucher, type CheckedVoucher } from '@/lib/gift-voucher-check';
import { CodeRedeemInput } from './code-redeem-input';

interface VoucherValues {
  voucherCode?: string;
}

/**
 * 'Gutscheincode' in the booking form (issue 28): 'Einlösen' asks what is left on the voucher and
 * reports it to the form, whose total then shows the voucher's part and what is left to pay. A
 * code typed but not redeemed is still sent with the booking, which redeems it the same way.
 */
export function GiftVoucherField({
  applied,
  onApplied,
}: {
  applied: CheckedVoucher | null;
  onApplied: (applied: CheckedVoucher | null) => void;
}) {
  const form = useFormContext<VoucherValues>();
  const [checking, setChecking] = useState(false);

  const redeem = async (code: string) => {
    setChecking(true);
    try {
      const result = await checkGiftVoucher(code);
      onApplied(result.ok ? result.voucher : null);
      if (result.ok) form.clearErrors('voucherCode');
      else form.setError('voucherCode', { type: 'server', message: result.message }, { shouldFocus: true });
    } finally {
      setChecking(false);
    }
  };

  return (
    <FormField
      control={form.control}
      name="voucherCode"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Gutscheincode (optional)</FormLabel>
          <CodeRedeemInput
            field={field}
            redeemLabel="Gutschein einlösen"
            emptyMessage="Bitte gib den Gutscheincode ein."
            checking={checking}
            onRedeem={(code) => void redeem(code)}
            onEdited={() => {
              if (applied) onApplied(null);
            }}
          />
          {applied ? (
            <p className="text-sm font-medium text-primary" role="status">
              Gutschein eingelöst: Guthaben {formatChf(applied.balance_cents / 100)}.
            </p>
          ) : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
