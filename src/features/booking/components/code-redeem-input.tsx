import {
  useFormContext,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/**
 * The input and 'Einlösen' button of a code in the booking form (a discount code, a gift
 * voucher). Codes are shown in capitals as printed; Enter redeems the code instead of submitting
 * the whole booking; editing tells the field that what was redeemed no longer counts. An empty
 * code is refused here, at the field (`emptyMessage`); `onRedeem` gets the code trimmed.
 */
export function CodeRedeemInput<Values extends FieldValues, Name extends FieldPath<Values>>({
  field,
  redeemLabel,
  emptyMessage,
  checking,
  onRedeem,
  onEdited,
}: {
  field: ControllerRenderProps<Values, Name>;
  /** The button's name for assistive technology ('Rabattcode einlösen'): two fields, two names. */
  redeemLabel: string;
  /** Shown at the field when 'Einlösen' is pressed without a code. */
  emptyMessage: string;
  checking: boolean;
  onRedeem: (code: string) => void;
  onEdited: () => void;
}) {
  const form = useFormContext<Values>();

  const redeem = () => {
    const value: unknown = form.getValues(field.name);
    const code = typeof value === 'string' ? value.trim() : '';
    if (code === '') {
      form.setError(field.name, { type: 'manual', message: emptyMessage }, { shouldFocus: true });
      return;
    }
    onRedeem(code);
  };

  return (
    <div className="flex gap-2">
      <FormControl>
        <Input
          {...field}
          value={typeof field.value === 'string' ? field.value : ''}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={60}
          onChange={(event) => {
            field.onChange(event.target.value.toUpperCase());
            onEdited();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              redeem();
            }
          }}
        />
      </FormControl>
      <Button type="button" variant="outline" onClick={redeem} disabled={checking} aria-label={redeemLabel}>
        {checking ? 'Wird geprüft…' : 'Einlösen'}
      </Button>
    </div>
  );
}
