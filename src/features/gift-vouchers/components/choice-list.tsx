import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { cn } from '@/lib/utils';

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

/**
 * One choice of a few, as radio buttons in a fieldset with its legend; each option a large
 * target with an optional line of explanation. The checked option takes the field's ref, so a
 * refusal can move the focus to it.
 */
export function ChoiceList<Values extends FieldValues>({
  control,
  name,
  legend,
  options,
  footer,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  legend: string;
  options: Choice[];
  footer?: ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const selected = options.some((option) => option.value === field.value)
          ? field.value
          : options[0]?.value;
        return (
          <FormItem>
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">{legend}</legend>
              {options.map((option) => (
                <label
                  key={option.value}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border p-4 text-sm',
                    field.value === option.value && 'border-primary bg-primary/5',
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={option.value}
                    checked={field.value === option.value}
                    onChange={() => field.onChange(option.value)}
                    onBlur={field.onBlur}
                    ref={option.value === selected ? field.ref : undefined}
                    className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
                  />
                  <span className="space-y-1">
                    <span className="block font-medium">{option.label}</span>
                    {option.description ? (
                      <span className="block text-muted-foreground">{option.description}</span>
                    ) : null}
                  </span>
                </label>
              ))}
              {footer}
            </fieldset>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
