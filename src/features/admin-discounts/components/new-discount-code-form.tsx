import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormItem, FormMessage, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { formatDateShort } from '@/lib/dates';
import { CATEGORY_LABELS, EVENT_CATEGORIES } from '@/lib/event-domain';
import { isDuplicateCode, useCreateDiscountCode, useUpcomingEvents } from '../api/discount-codes';
import {
  discountCodeFormSchema,
  EMPTY_DISCOUNT_CODE,
  toNewDiscountCode,
  type DiscountCodeFormOutput,
  type DiscountCodeFormValues,
} from '../schema';

/** A new code with the table's rules at its fields; a code that exists already at the code's field. */
export function NewDiscountCodeForm() {
  const form = useForm<DiscountCodeFormValues, unknown, DiscountCodeFormOutput>({
    resolver: zodResolver(discountCodeFormSchema),
    defaultValues: EMPTY_DISCOUNT_CODE,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const create = useCreateDiscountCode();
  const events = useUpcomingEvents();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(toNewDiscountCode(values));
      toast({
        title: 'Rabattcode angelegt',
        description: `${values.code} gilt ab sofort im Buchungsformular.`,
      });
      form.reset(EMPTY_DISCOUNT_CODE);
    } catch (error) {
      if (isDuplicateCode(error)) {
        form.setError('code', { message: 'Diesen Code gibt es schon.' }, { shouldFocus: true });
        return;
      }
      toast({
        title: 'Nicht gespeichert',
        description: 'Der Rabattcode konnte nicht angelegt werden. Bitte versuchen Sie es erneut.',
        variant: 'destructive',
      });
    }
  });

  return (
    <section aria-labelledby="new-code-heading" className="space-y-4">
      <h2 id="new-code-heading" className="text-xl font-semibold">
        Neuer Rabattcode
      </h2>
      <Form {...form}>
        <form
          noValidate
          aria-label="Neuer Rabattcode"
          className="grid gap-4 md:grid-cols-2"
          onSubmit={(event) => void onSubmit(event)}
        >
          <TextField control={form.control} name="code" label="Code" autoComplete="off" required />
          <TextField control={form.control} name="label" label="Notiz (nur intern)" autoComplete="off" />
          <FormField
            control={form.control}
            name="kind"
            render={({ field }) => (
              <FormItem>
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Art des Rabatts</legend>
                  {(
                    [
                      ['percent', 'Prozent vom Preis'],
                      ['amount', 'Fester Betrag in CHF'],
                    ] as const
                  ).map(([value, label]) => (
                    <label key={value} className="flex items-center gap-3 text-sm">
                      <input
                        type="radio"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        className="h-4 w-4 accent-primary"
                      />
                      {label}
                    </label>
                  ))}
                </fieldset>
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="value"
            label={kind === 'percent' ? 'Rabatt in Prozent' : 'Rabatt in CHF'}
            inputMode="decimal"
            required
          />
          <TextField control={form.control} name="validFrom" label="Gültig ab (optional)" type="date" />
          <TextField control={form.control} name="validUntil" label="Gültig bis (optional)" type="date" />
          <TextField
            control={form.control}
            name="maxUses"
            label="Höchstens so oft einlösbar (optional)"
            inputMode="numeric"
          />
          <TextField
            control={form.control}
            name="minPersons"
            label="Ab Anzahl Personen"
            inputMode="numeric"
          />
          <FormField
            control={form.control}
            name="categories"
            render={({ field }) => (
              <FormItem className="md:col-span-2">
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Gilt für (keine Auswahl: alle Events)</legend>
                  <div className="flex flex-wrap gap-x-6 gap-y-2">
                    {EVENT_CATEGORIES.map((category) => (
                      <label key={category} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={field.value.includes(category)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, category]
                                : field.value.filter((chosen) => chosen !== category),
                            )
                          }
                          className="h-4 w-4 accent-primary"
                        />
                        {CATEGORY_LABELS[category]}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="ticketTypes"
            label="Nur für diese Ticketarten (optional)"
            autoComplete="off"
            className="md:col-span-2"
            description={() =>
              'Namen der Ticketarten, mit Komma getrennt, z. B. «Kinder, Mitglied». Der Rabatt gilt dann nur für diese Tickets, in jedem Event mit einer solchen Ticketart. Leer: alle Tickets.'
            }
          />
          <FormField
            control={form.control}
            name="event_ids"
            render={({ field }) => (
              <FormItem className="md:col-span-2">
                <fieldset className="space-y-2" aria-describedby="event-ids-help">
                  <legend className="text-sm font-medium">Nur für diese Events (optional)</legend>
                  <p id="event-ids-help" className="text-sm text-muted-foreground">
                    Ohne Auswahl gilt der Code für alle Events (und die gewählten Kategorien).
                  </p>
                  {events.isPending ? (
                    <p className="text-sm text-muted-foreground">Events werden geladen…</p>
                  ) : events.isError ? (
                    <p role="alert" className="text-sm text-destructive">
                      Die Events konnten nicht geladen werden. Bitte laden Sie die Seite neu.
                    </p>
                  ) : events.data.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Keine kommenden Events.</p>
                  ) : (
                    // Many events: the list scrolls in itself, long titles wrap (a 390 px phone).
                    <ul className="max-h-64 space-y-2 overflow-y-auto rounded-md border p-3">
                      {events.data.map((event) => (
                        <li key={event.id}>
                          <label className="flex items-start gap-2 text-sm">
                            <input
                              type="checkbox"
                              checked={field.value.includes(event.id)}
                              onChange={(change) =>
                                field.onChange(
                                  change.target.checked
                                    ? [...field.value, event.id]
                                    : field.value.filter((chosen) => chosen !== event.id),
                                )
                              }
                              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
                            />
                            <span className="min-w-0 break-words">
                              {event.title}, {formatDateShort(event.startDate)}
                            </span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  )}
                </fieldset>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Wird gespeichert…' : 'Rabattcode anlegen'}
            </Button>
          </div>
        </form>
      </Form>
    </section>
  );
}
