import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormField, FormItem, FormLabel, type LabelledFieldProps } from '@/components/ui/form';
import { cn } from '@/lib/utils';

// Its own module, not in form.tsx: public forms import form.tsx and have no checkboxes.
/** A checkbox with its label beside it, bound to a boolean field. */
export function CheckboxField<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, boolean>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  className,
  onToggle,
}: Omit<LabelledFieldProps<TFieldValues, TName, TTransformedValues>, 'description' | 'hideMessage'> & {
  /** Runs after the field took the new state, for fields that depend on this one. */
  onToggle?: (checked: boolean) => void;
}) {
  return (
    <FormField
      control={control}
      name={name}
      // `TName` only names boolean fields; TypeScript cannot narrow the generic value by itself.
      render={({ field }) => (
        <FormItem className={cn('flex items-center gap-2 space-y-0', className)}>
          <FormControl>
            <Checkbox
              checked={field.value as boolean}
              disabled={field.disabled}
              onCheckedChange={(checked) => {
                field.onChange(checked === true);
                onToggle?.(checked === true);
              }}
            />
          </FormControl>
          <FormLabel>{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}
