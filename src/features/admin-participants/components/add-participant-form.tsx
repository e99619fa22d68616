import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Form, TextAreaField, TextField } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/use-toast';
import { useAddParticipant } from '../api/add-participant';
import { PAYMENT_METHODS } from '@/lib/event-domain';
import {
  ADDABLE_PAYMENT_STATUSES,
  paymentMethodLabel,
  paymentStatusLabel,
  type EventOption,
} from '../lib/admin-participant';
import { eventSelectOptions } from '../lib/event-options';
import { addParticipantSchema, emptyAddParticipant, type AddParticipantValues } from '../schema';

const statusOptions = ADDABLE_PAYMENT_STATUSES.map((status) => ({
  value: status,
  label: paymentStatusLabel(status),
}));
const methodOptions = PAYMENT_METHODS.map((method) => ({ value: method, label: paymentMethodLabel(method) }));

interface AddParticipantFormProps {
  /** Published events only; the first one is preselected. */
  events: EventOption[];
  onClose: () => void;
}

export function AddParticipantForm({ events, onClose }: AddParticipantFormProps) {
  const form = useForm<AddParticipantValues>({
    resolver: zodResolver(addParticipantSchema),
    defaultValues: emptyAddParticipant(events[0]?.id ?? ''),
  });
  const add = useAddParticipant();
  const { isSubmitting } = form.formState;

  async function onSubmit(values: AddParticipantValues) {
    if (!events.some((event) => event.id === values.eventId)) {
      toast({
        title: 'Fehler',
        description: 'Event-Details konnten nicht gefunden werden.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const result = await add.mutateAsync(values);
      toast(
        result.emailQueued
          ? { title: 'Teilnehmer hinzugefügt', description: 'Die Bestätigungs-E-Mail wird versendet.' }
          : { title: 'Teilnehmer hinzugefügt' },
      );
      onClose();
    } catch {
      toast({
        title: 'Fehler',
        description: 'Es gab ein Problem beim Hinzufügen des Teilnehmers.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Teilnehmer hinzufügen</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 md:grid-cols-2" noValidate>
            <SelectField
              control={form.control}
              name="eventId"
              label="Event *"
              className="md:col-span-2"
              options={eventSelectOptions(events)}
              placeholder="Event auswählen"
            />
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
            <SelectField
              control={form.control}
              name="paymentStatus"
              label="Zahlungsstatus"
              options={statusOptions}
              hideMessage
            />
            <SelectField
              control={form.control}
              name="paymentMethod"
              label="Zahlungsart"
              options={methodOptions}
              hideMessage
            />
            <TextAreaField
              control={form.control}
              name="notes"
              label="Kommentar"
              className="md:col-span-2"
              rows={3}
              hideMessage
            />
            <CheckboxField
              control={form.control}
              name="sendConfirmation"
              label="Bestätigungs-E-Mail senden"
              className="md:col-span-2"
            />
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
