import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage } from '@/lib/error-codes';
import { formatChf } from '@common/format.ts';
import {
  isDuplicateName,
  useDeleteTicketType,
  useSaveTicketType,
  useTicketTypes,
  type TicketType,
} from '@/lib/admin-ticket-types';

// 'Ticketarten' (issue 28): "Erwachsene CHF 45", "Kinder (5–12) CHF 25". Without types every
// person pays the event's price. Saved at once, each on its own (outside the event's form): a
// type is the database's row, checked by its constraints.

const ticketTypeSchema = z.object({
  name: z.string().trim().min(1, 'Bitte geben Sie einen Namen ein.').max(60, 'Höchstens 60 Zeichen.'),
  price: z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}([.,]\d{1,2})?$/.test(value), 'Preis in CHF, z. B. 45 oder 22.50.'),
  capacity: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 1),
      'Eine ganze Zahl ab 1, oder leer.',
    ),
  note: z.string().trim().max(200, 'Höchstens 200 Zeichen.'),
});
type TicketTypeValues = z.infer<typeof ticketTypeSchema>;

const EMPTY: TicketTypeValues = { name: '', price: '', capacity: '', note: '' };

function toValues(type: TicketType): TicketTypeValues {
  return {
    name: type.name,
    price: type.price.toFixed(2),
    capacity: type.capacity === null ? '' : String(type.capacity),
    note: type.note,
  };
}

function describe(type: TicketType): string {
  return [
    formatChf(type.price),
    type.capacity === null ? null : `höchstens ${type.capacity} Plätze`,
    type.note || null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function TicketTypesCard({ eventId }: { eventId: string }) {
  const types = useTicketTypes(eventId);
  const save = useSaveTicketType(eventId);
  const remove = useDeleteTicketType(eventId);
  const [editing, setEditing] = useState<TicketType | null>(null);
  const form = useForm<TicketTypeValues>({ resolver: zodResolver(ticketTypeSchema), defaultValues: EMPTY });
  const list = types.data ?? [];

  const startEdit = (type: TicketType) => {
    setEditing(type);
    form.reset(toValues(type));
    form.setFocus('name');
  };
  const stopEdit = () => {
    setEditing(null);
    form.reset(EMPTY);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: editing?.id,
        name: values.name,
        price: Number(values.price.replace(',', '.')),
        capacity: values.capacity === '' ? null : Number(values.capacity),
        note: values.note,
        ...(editing ? {} : { position: list.length }),
      });
      toast({ title: editing ? 'Ticketart gespeichert' : 'Ticketart hinzugefügt', description: values.name });
      stopEdit();
    } catch (error) {
      if (isDuplicateName(error)) {
        form.setError('name', { message: 'Diese Ticketart gibt es schon.' }, { shouldFocus: true });
        return;
      }
      toast({ title: 'Nicht gespeichert', description: adminErrorMessage(error), variant: 'destructive' });
    }
  });

  const onDelete = async (type: TicketType) => {
    try {
      await remove.mutateAsync(type.id);
      toast({ title: 'Ticketart entfernt', description: type.name });
      if (editing?.id === type.id) stopEdit();
    } catch (error) {
      toast({ title: 'Nicht entfernt', description: adminErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Ticketarten</CardTitle>
        <CardDescription>
          Ohne Ticketarten zahlt jede Person den Preis des Events. Mit Ticketarten wählen die Gäste die Anzahl
          pro Art; Änderungen gelten für neue Buchungen, gebuchte Tickets behalten ihren Preis.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {list.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label="Ticketarten">
            {list.map((type) => (
              <li key={type.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium">{type.name}</p>
                  <p className="text-sm text-muted-foreground">{describe(type)}</p>
                </div>
                <div className="flex gap-2">
                  <Button type="button" variant="outline" size="sm" onClick={() => startEdit(type)}>
                    Bearbeiten<span className="sr-only">: {type.name}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => void onDelete(type)}
                  >
                    Entfernen<span className="sr-only">: {type.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <Form {...form}>
          <form
            noValidate
            aria-label={editing ? `Ticketart ${editing.name} bearbeiten` : 'Neue Ticketart'}
            className="grid gap-4 md:grid-cols-2"
            onSubmit={(event) => void onSubmit(event)}
          >
            <TextField control={form.control} name="name" label="Name" autoComplete="off" required />
            <TextField
              control={form.control}
              name="price"
              label="Preis in CHF"
              inputMode="decimal"
              required
            />
            <TextField
              control={form.control}
              name="capacity"
              label="Plätze dieser Art (optional)"
              inputMode="numeric"
            />
            <TextField control={form.control} name="note" label="Hinweis (optional, z. B. 5 bis 12 Jahre)" />
            <div className="flex flex-wrap gap-3 md:col-span-2">
              <Button type="submit" disabled={save.isPending}>
                {editing ? 'Ticketart speichern' : 'Ticketart hinzufügen'}
              </Button>
              {editing ? (
                <Button type="button" variant="outline" onClick={stopEdit}>
                  Abbrechen
                </Button>
              ) : null}
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
