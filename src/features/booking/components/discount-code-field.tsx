import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { checkDiscountCode, type AppliedDiscount } from '../api/check-discount-code';
import type { TicketCounts } from '../api/ticket-choices';
import { CodeRedeemInput } from './code-redeem-input';

interface DiscountValues {
  discountCode?: string;
  persons: number;
}

/**
 * 'Rabattcode' in the booking form (issue 28): 'Einlösen' asks the database what the code takes
 * off for the chosen persons and reports it to the form's total; a change of persons asks again
 * (a percentage grows with them, a minimum may no longer be met). A code typed but not redeemed
 * is still sent with the booking, which checks it the same way. The form holds what is redeemed
 * (its total shows it); this field only asks and reports.
 */
export function DiscountCodeField({
  eventId,
  tickets,
  applied,
  onApplied,
}: {
  eventId: string;
  /** The counts per ticket type of an event with types (the code comes off their sum). */
  tickets?: TicketCounts;
  applied: AppliedDiscount | null;
  onApplied: (applied: AppliedDiscount | null) => void;
}) {
  const form = useFormContext<DiscountValues>();
  const persons = Number(useWatch({ control: form.control, name: 'persons' })) || 1;
  const [checking, setChecking] = useState(false);

  const ask = async (code: string, count: number) => {
    const result = await checkDiscountCode(eventId, code, count, tickets);
    onApplied(result.ok ? result.applied : null);
    if (result.ok) form.clearErrors('discountCode');
    else form.setError('discountCode', { type: 'server', message: result.message }, { shouldFocus: true });
  };

  const apply = async (code: string, count: number) => {
    setChecking(true);
    try {
      await ask(code, count);
    } finally {
      setChecking(false);
    }
  };

  // The persons or tickets changed: what the code takes off changes with them (asked quietly, no
  // busy button).
  const ticketsKey = JSON.stringify(tickets ?? null);
  useEffect(() => {
    if (applied) void ask(applied.code, persons);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of persons or tickets asks again
  }, [persons, ticketsKey]);

  return (
    <FormField
      control={form.control}
      name="discountCode"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Rabattcode (optional)</FormLabel>
          <CodeRedeemInput
            field={field}
            redeemLabel="Rabattcode einlösen"
            emptyMessage="Bitte gib einen Code ein."
            checking={checking}
            onRedeem={(code) => void apply(code, persons)}
            // Another code: the one redeemed no longer counts until redeemed again.
            onEdited={() => {
              if (applied) onApplied(null);
            }}
          />
          {applied ? (
            <p className="text-sm font-medium text-primary" role="status">
              Code {applied.code} eingelöst.
            </p>
          ) : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
