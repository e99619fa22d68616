import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  type LabelledFieldProps,
} from '@/components/ui/form';
import { SelectOptionsContent, type SelectOption } from '@/components/ui/option-select';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';

// Its own module, not in form.tsx: public forms import form.tsx and must not pull in Radix Select.
/** A labelled drop-down bound to a string field; the trigger carries the field's ids. */
export function SelectField<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, string>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  className,
  hideMessage,
  options,
  placeholder,
}: Omit<LabelledFieldProps<TFieldValues, TName, TTransformedValues>, 'description'> & {
  options: readonly SelectOption[];
  /** Shown while no option is chosen. */
  placeholder?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      // `TName` only names string fields; TypeScript cannot narrow the generic value by itself.
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value as string} onValueChange={field.onChange} disabled={field.disabled}>
            <FormControl>
              <SelectTrigger>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectOptionsContent options={options} />
          </Select>
          {hideMessage ? null : <FormMessage />}
        </FormItem>
      )}
    />
  );
}
