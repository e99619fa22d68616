import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormItem, FormMessage, TextField } from '@/components/ui/form';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/use-toast';
import { formatDateLong } from '@/lib/dates';
import { CATEGORY_LABELS, EVENT_CATEGORIES, type EventCategory } from '@/lib/event-domain';
import { formatChf } from '@common/format.ts';
import {
  isDuplicateCode,
  useCreateDiscountCode,
  useDiscountCodes,
  useSetDiscountCodeActive,
  type DiscountCode,
} from '../api/discount-codes';
import {
  discountCodeFormSchema,
  EMPTY_DISCOUNT_CODE,
  toNewDiscountCode,
  type DiscountCodeFormOutput,
  type DiscountCodeFormValues,
} from '../schema';

/** /admin/rabattcodes (issue 28): the codes with their terms and uses, a new code, (de)activate. */
export function DiscountCodesPage() {
  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold">Rabattcodes</h1>
        <p className="text-muted-foreground">
          Codes, die Besucherinnen und Besucher im Buchungsformular einlösen. Eine Buchung behält die
          Bedingungen, mit denen sie gebucht wurde; ein deaktivierter Code gilt für neue Buchungen nicht mehr.
        </p>
      </header>
      <CodeList />
      <NewCodeForm />
    </div>
  );
}

function discountText(code: Pick<DiscountCode, 'percent' | 'amount_cents'>): string {
  return code.percent !== null ? `${code.percent} %` : formatChf((code.amount_cents ?? 0) / 100);
}

function validityText(code: Pick<DiscountCode, 'valid_from' | 'valid_until'>): string {
  if (code.valid_from && code.valid_until)
    return `${formatDateLong(code.valid_from)} bis ${formatDateLong(code.valid_until)}`;
  if (code.valid_from) return `ab ${formatDateLong(code.valid_from)}`;
  if (code.valid_until) return `bis ${formatDateLong(code.valid_until)}`;
  return 'unbegrenzt';
}

function scopeText(code: Pick<DiscountCode, 'categories' | 'event_ids' | 'min_persons'>): string {
  const categories = code.categories.map(
    (category) => CATEGORY_LABELS[category as EventCategory] ?? category,
  );
  const where = [
    ...categories,
    ...(code.event_ids.length > 0 ? [`${code.event_ids.length} bestimmte Events`] : []),
  ];
  const scope = where.length > 0 ? where.join(', ') : 'Alle Events';
  return code.min_persons > 1 ? `${scope}, ab ${code.min_persons} Personen` : scope;
}

function CodeList() {
  const codes = useDiscountCodes();
  const setActive = useSetDiscountCodeActive();
  const toggle = async (code: DiscountCode) => {
    try {
      await setActive.mutateAsync({ id: code.id, active: !code.active });
      toast({ title: code.active ? `${code.code} deaktiviert` : `${code.code} aktiviert` });
    } catch {
      toast({
        title: 'Nicht gespeichert',
        description: 'Der Code konnte nicht geändert werden. Bitte versuchen Sie es erneut.',
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby="codes-heading" className="space-y-3">
      <h2 id="codes-heading" className="text-xl font-semibold">
        Alle Codes
      </h2>
      <ListState
        isPending={codes.isPending}
        isError={codes.isError}
        isEmpty={(codes.data ?? []).length === 0}
        errorText="Die Rabattcodes konnten nicht geladen werden. Bitte laden Sie die Seite neu."
        emptyText="Noch keine Rabattcodes."
      >
        {/* Cards, not a table: on a phone every button stays on the screen. */}
        <ul className="grid gap-3 md:grid-cols-2">
          {(codes.data ?? []).map((code) => (
            <li key={code.id} aria-labelledby={`code-${code.id}`} className="space-y-3 rounded-md border p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`code-${code.id}`} className="font-mono text-lg font-semibold">
                    {code.code}
                  </h3>
                  {code.label ? <p className="text-sm text-muted-foreground">{code.label}</p> : null}
                </div>
                <div className="flex items-center gap-2">
                  <span className="text-sm">{code.active ? 'Aktiv' : 'Deaktiviert'}</span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={setActive.isPending}
                    onClick={() => void toggle(code)}
                    aria-label={`${code.code} ${code.active ? 'deaktivieren' : 'aktivieren'}`}
                  >
                    {code.active ? 'Deaktivieren' : 'Aktivieren'}
                  </Button>
                </div>
              </div>
              <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Rabatt</dt>
                <dd>{discountText(code)}</dd>
                <dt className="text-muted-foreground">Gültig</dt>
                <dd>{validityText(code)}</dd>
                <dt className="text-muted-foreground">Gilt für</dt>
                <dd>{scopeText(code)}</dd>
                <dt className="text-muted-foreground">Eingelöst</dt>
                <dd className="tabular-nums">
                  {code.max_uses ? `${code.uses} von ${code.max_uses}` : code.uses}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}

function NewCodeForm() {
  const form = useForm<DiscountCodeFormValues, unknown, DiscountCodeFormOutput>({
    resolver: zodResolver(discountCodeFormSchema),
    defaultValues: EMPTY_DISCOUNT_CODE,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const create = useCreateDiscountCode();

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
