import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Form, LabelledField, TextAreaField, TextField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/use-toast';
import { errorCodeOf } from '@/lib/error-codes';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@/lib/event-domain';
import { useAddParticipant } from '../api/add-participant';
import { participantChangeError } from '../api/edit-participant';
import type { EventOption } from '../lib/admin-participant';
import { eventSelectOptions } from '../lib/event-options';
import {
  addedBookingMailText,
  addParticipantSchema,
  defaultAddMethod,
  emptyAddParticipant,
  type AddParticipantValues,
} from '../schema';

/** The admin's words for the ways of paying (online: a reservation with a pay link). */
const METHOD_LABELS: Record<PaymentMethod, string> = {
  ...PAYMENT_METHOD_LABELS,
  stripe: 'Online (Karte oder TWINT, Reservation mit Zahlungslink)',
};

interface AddParticipantFormProps {
  /** Upcoming, not cancelled, not archived events; the first one is preselected. */
  events: EventOption[];
  onClose: () => void;
}

export function AddParticipantForm({ events, onClose }: AddParticipantFormProps) {
  const form = useForm<AddParticipantValues>({
    resolver: zodResolver(addParticipantSchema),
    defaultValues: emptyAddParticipant(events[0]),
  });
  const add = useAddParticipant();
  const { isSubmitting } = form.formState;
  const [eventId, method, send] = useWatch({
    control: form.control,
    name: ['eventId', 'paymentMethod', 'sendConfirmation'],
  });
  const event = events.find((candidate) => candidate.id === eventId);
  const methods = (event?.paymentMethods ?? []).filter((m): m is PaymentMethod => m in METHOD_LABELS);
  // A full event: the database's message, and the explicit override for the same values.
  const [full, setFull] = useState<{ message: string; values: AddParticipantValues } | null>(null);

  // Another event: its own ways of paying (the default again when the chosen one is not offered).
  useEffect(() => {
    if (event && !event.paymentMethods.includes(form.getValues('paymentMethod')))
      form.setValue('paymentMethod', defaultAddMethod(event));
  }, [event, form]);
  // A refusal counts for the event it was about, not for another one chosen since.
  const fullHere = full && full.values.eventId === eventId ? full : null;

  async function book(values: AddParticipantValues, override: boolean) {
    try {
      const result = await add.mutateAsync({ ...values, override });
      toast(
        result.emailQueued
          ? { title: 'Teilnehmer hinzugefügt', description: addedBookingMailText(values.paymentMethod, true) }
          : { title: 'Teilnehmer hinzugefügt' },
      );
      onClose();
    } catch (error) {
      const message = participantChangeError(error);
      if (errorCodeOf(error) === 'NOT_ENOUGH_SEATS' && !override) {
        setFull({ message, values });
        return;
      }
      toast({
        title: 'Der Teilnehmer konnte nicht hinzugefügt werden',
        description: message,
        variant: 'destructive',
      });
    }
  }

  if (events.length === 0) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Teilnehmer hinzufügen</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p>Es gibt kein kommendes Event, für das Sie jemanden anmelden können.</p>
          <Button type="button" variant="outline" onClick={onClose}>
            Schliessen
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Teilnehmer hinzufügen</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            aria-label="Teilnehmer hinzufügen"
            onSubmit={form.handleSubmit((values) => book(values, false))}
            className="grid gap-4 md:grid-cols-2"
            noValidate
          >
            <div className="md:col-span-2">
              <SelectField
                control={form.control}
                name="eventId"
                label="Event *"
                options={eventSelectOptions(events)}
                placeholder="Event auswählen"
              />
            </div>
            <TextField control={form.control} name="name" label="Name *" autoComplete="off" />
            <TextField control={form.control} name="email" label="E-Mail *" type="email" autoComplete="off" />
            <TextField
              control={form.control}
              name="phone"
              label="Telefon *"
              type="tel"
              placeholder="+41 79 123 45 67"
              autoComplete="off"
            />
            <LabelledField control={form.control} name="persons" label="Personen *">
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  min={1}
                  max={50}
                  step={1}
                  value={Number.isNaN(field.value) ? '' : field.value}
                  onChange={(change) =>
                    field.onChange(change.target.value === '' ? Number.NaN : change.target.valueAsNumber)
                  }
                />
              )}
            </LabelledField>
            <SelectField
              control={form.control}
              name="paymentMethod"
              label="Zahlungsart *"
              options={methods.map((value) => ({ value, label: METHOD_LABELS[value] }))}
            />
            <TextAreaField
              control={form.control}
              name="notes"
              label="Kommentar"
              className="md:col-span-2"
              rows={3}
              hideMessage
            />
            {method === 'stripe' ? null : (
              <CheckboxField
                control={form.control}
                name="sendConfirmation"
                label="Bestätigungs-E-Mail senden"
                className="md:col-span-2"
              />
            )}
            <p className="text-sm text-muted-foreground md:col-span-2" aria-live="polite">
              {addedBookingMailText(method, send)}
            </p>
            {fullHere ? (
              <div
                role="alert"
                className="space-y-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm md:col-span-2"
              >
                <p>
                  {fullHere.message} Sie können trotzdem anmelden; das Event ist dann überbucht, und der
                  Verlauf hält das fest.
                </p>
                <Button
                  type="button"
                  variant="destructive"
                  disabled={isSubmitting || add.isPending}
                  onClick={() => void book(fullHere.values, true)}
                >
                  Trotzdem hinzufügen (Überbuchung)
                </Button>
              </div>
            ) : null}
            <div className="flex justify-end gap-3 md:col-span-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Abbrechen
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Wird hinzugefügt…' : 'Teilnehmer hinzufügen'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
