import { useFormContext, useWatch } from 'react-hook-form';
import { FormField, FormItem, FormMessage, RequiredMark } from '@/components/ui/form';
import { formatChf } from '@common/format.ts';
import { ticketPersons, type TicketChoice, type TicketCounts } from '../api/ticket-choices';

interface TicketValues {
  persons: number;
  tickets?: TicketCounts;
}

const SELECT_CLASS =
  'flex h-10 w-24 rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-60 md:text-sm';

/**
 * 'Tickets *' instead of 'Anzahl Personen' for an event with ticket types (issue 28): a count per
 * type ("2 Erwachsene, 1 Kind"); the persons are their sum, so the seat limits and the persons'
 * message stay the form's own. A type's choices end at its seats left and at the booking's limit
 * (a count chosen before stays listed: the database answers for it).
 */
export function TicketCountsField({
  choices,
  maxPersons,
}: {
  choices: readonly TicketChoice[];
  maxPersons: number;
}) {
  const form = useFormContext<TicketValues>();
  const counts = useWatch({ control: form.control, name: 'tickets' });

  const choose = (typeId: string, count: number) => {
    const next = { ...counts, [typeId]: count };
    form.setValue('tickets', next);
    form.setValue('persons', ticketPersons(next), { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <FormField
      control={form.control}
      name="persons"
      render={() => (
        <FormItem>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">
              Tickets
              <RequiredMark />
            </legend>
            {choices.map((choice) => {
              const chosen = counts?.[choice.id] ?? 0;
              const most = Math.max(Math.min(maxPersons, choice.seats_left ?? maxPersons), chosen);
              const soldOut = choice.seats_left === 0 && chosen === 0;
              const id = `ticket-${choice.id}`;
              return (
                <div key={choice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                  <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                    <span className="font-medium">{choice.name}</span>{' '}
                    <span className="text-muted-foreground">{formatChf(choice.price)}</span>
                    {choice.note ? <span className="block text-muted-foreground">{choice.note}</span> : null}
                    {soldOut ? <span className="block text-muted-foreground">ausgebucht</span> : null}
                  </label>
                  <select
                    id={id}
                    value={String(chosen)}
                    disabled={soldOut}
                    onChange={(event) => choose(choice.id, Number(event.target.value))}
                    className={SELECT_CLASS}
                  >
                    {Array.from({ length: most + 1 }, (_, count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </fieldset>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
