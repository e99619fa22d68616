import { useFormContext, type ControllerRenderProps } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, FormItem, FormMessage, LabelledField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@/lib/event-domain';
import { paymentSetupProblem, usePaymentOptions } from '@/lib/payment-options';
import type { EventFormValues } from '../schema';

/** Number inputs hold numbers in the form; an empty field becomes NaN, which the schema rejects. */
function numberProps(
  field: ControllerRenderProps<
    EventFormValues,
    'price' | 'maxParticipants' | 'maxPersonsPerBooking' | 'cancellationDeadlineHours'
  >,
) {
  return {
    ...field,
    type: 'number',
    value: Number.isNaN(field.value) ? '' : field.value,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      field.onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber),
  };
}

function toggle(methods: PaymentMethod[], method: PaymentMethod, on: boolean): PaymentMethod[] {
  const rest = methods.filter((m) => m !== method);
  // Keep the canonical order so saved arrays compare equal.
  return on ? PAYMENT_METHODS.filter((m) => m === method || rest.includes(m)) : rest;
}

export function PriceCapacityCard() {
  const { control } = useFormContext<EventFormValues>();
  const options = usePaymentOptions();
  // While the answer is on its way nothing is said (no flash of 'nicht eingerichtet').
  const problemOf = (method: PaymentMethod) =>
    options.isPending ? null : paymentSetupProblem(method, options.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preis & Kapazität</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledField control={control} name="price" label="Preis (CHF) *">
            {(field) => <Input min={0} step={0.01} {...numberProps(field)} />}
          </LabelledField>
          <LabelledField control={control} name="maxParticipants" label="Maximale Teilnehmer *">
            {(field) => <Input min={1} step={1} {...numberProps(field)} />}
          </LabelledField>
          <LabelledField control={control} name="maxPersonsPerBooking" label="Max. Personen pro Buchung *">
            {(field) => <Input min={1} max={50} step={1} {...numberProps(field)} />}
          </LabelledField>
          <LabelledField
            control={control}
            name="cancellationDeadlineHours"
            label="Stornofrist (Stunden vor Beginn) *"
            description={() =>
              'Bis dahin können Teilnehmende ihre Buchung selbst kostenlos stornieren oder reduzieren.'
            }
          >
            {(field) => <Input min={0} max={2160} step={1} {...numberProps(field)} />}
          </LabelledField>
        </div>
        <FormField
          control={control}
          name="paymentMethods"
          render={({ field }) => (
            <FormItem>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Zahlungsarten *</legend>
                <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
                  {PAYMENT_METHODS.map((method) => {
                    const problem = problemOf(method);
                    const checked = field.value.includes(method);
                    return (
                      <div key={method} className="flex items-center gap-2">
                        <Checkbox
                          id={`payment-${method}`}
                          checked={checked}
                          // A method that is not set up can be removed, not added.
                          disabled={field.disabled || (problem !== null && !checked)}
                          aria-describedby={problem ? `payment-${method}-setup` : undefined}
                          onCheckedChange={(state) =>
                            field.onChange(toggle(field.value, method, state === true))
                          }
                        />
                        <Label htmlFor={`payment-${method}`}>{PAYMENT_METHOD_LABELS[method]}</Label>
                      </div>
                    );
                  })}
                </div>
                {PAYMENT_METHODS.map((method) => {
                  const problem = problemOf(method);
                  return problem ? (
                    <p key={method} id={`payment-${method}-setup`} className="text-sm text-muted-foreground">
                      {PAYMENT_METHOD_LABELS[method]}: {problem}
                    </p>
                  ) : null;
                })}
              </fieldset>
              <FormMessage />
            </FormItem>
          )}
        />
      </CardContent>
    </Card>
  );
}
