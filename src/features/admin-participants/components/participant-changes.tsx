import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRightLeft, MailCheck, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, LabelledField, TextAreaField, TextField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { toast } from '@/components/ui/use-toast';
import {
  participantChangeError,
  useMoveParticipant,
  useResendConfirmation,
  useUpdateParticipant,
} from '../api/edit-participant';
import { useEventOptions } from '../api/get-event-options';
import type { AdminParticipant } from '../lib/admin-participant';
import { eventSelectOptions } from '../lib/event-options';
import { ADMIN_INVALID_PHONE, phoneSchema } from '@/lib/phone';

const REQUIRED = 'Bitte füllen Sie dieses Feld aus.';

const editSchema = z.object({
  name: z.string().trim().min(1, REQUIRED),
  email: z.string().trim().email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
  phone: phoneSchema(REQUIRED, ADMIN_INVALID_PHONE),
  notes: z.string().max(2000, 'Höchstens 2000 Zeichen.'),
  persons: z
    .number({ error: 'Bitte geben Sie die Anzahl Personen ein.' })
    .int('Bitte geben Sie eine ganze Zahl ein.')
    .min(1, 'Mindestens 1 Person.')
    .max(50, 'Höchstens 50 Personen.'),
});
type EditValues = z.infer<typeof editSchema>;

/** Name, e-mail, phone, notes and persons of a registration (more persons need free seats). */
export function EditParticipantCard({ participant }: { participant: AdminParticipant }) {
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      name: participant.name,
      email: participant.email,
      phone: participant.phone,
      notes: participant.notes,
      persons: participant.persons,
    },
  });
  const update = useUpdateParticipant();

  async function onSubmit(values: EditValues) {
    try {
      await update.mutateAsync({ id: participant.id, ...values });
      toast({ title: 'Änderungen gespeichert' });
      form.reset(values);
    } catch (error) {
      toast({
        title: 'Die Änderungen konnten nicht gespeichert werden',
        description: participantChangeError(error),
        variant: 'destructive',
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Anmeldung bearbeiten</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            aria-label="Anmeldung bearbeiten"
            onSubmit={form.handleSubmit(onSubmit)}
            className="grid gap-4 md:grid-cols-2"
            noValidate
          >
            <TextField control={form.control} name="name" label="Name *" autoComplete="off" />
            <TextField control={form.control} name="email" label="E-Mail *" type="email" autoComplete="off" />
            <TextField control={form.control} name="phone" label="Telefon *" type="tel" autoComplete="off" />
            <LabelledField control={form.control} name="persons" label="Personen *">
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  min={1}
                  max={50}
                  step={1}
                  value={Number.isNaN(field.value) ? '' : field.value}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)
                  }
                />
              )}
            </LabelledField>
            <TextAreaField
              control={form.control}
              name="notes"
              label="Kommentar"
              className="md:col-span-2"
              rows={3}
            />
            <div className="md:col-span-2">
              <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
                <Save aria-hidden="true" />
                Änderungen speichern
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Moves the registration to another event; the database checks the seats. */
export function MoveParticipantCard({ participant }: { participant: AdminParticipant }) {
  const events = useEventOptions();
  const others = (events.data ?? []).filter((event) => event.id !== participant.eventId);
  const [target, setTarget] = useState('');
  const move = useMoveParticipant();

  function submit() {
    move.mutate(
      { id: participant.id, eventId: target },
      {
        onSuccess: () => {
          toast({ title: 'Anmeldung verschoben' });
          setTarget('');
        },
        onError: (error) =>
          toast({
            title: 'Die Anmeldung konnte nicht verschoben werden',
            description: participantChangeError(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Zu einem anderen Event verschieben</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <OptionSelect
          aria-label="Neues Event"
          className="sm:flex-1"
          value={target}
          onValueChange={setTarget}
          options={eventSelectOptions(others)}
          placeholder="Event auswählen"
        />
        <Button onClick={submit} disabled={!target || move.isPending}>
          <ArrowRightLeft aria-hidden="true" />
          Verschieben
        </Button>
      </CardContent>
    </Card>
  );
}

/** 'Bestätigung erneut senden': queued in the outbox like the first one. */
export function ResendConfirmationButton({ participant }: { participant: AdminParticipant }) {
  const resend = useResendConfirmation();
  return (
    <Button
      variant="outline"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(participant.id, {
          onSuccess: () =>
            toast({ title: 'Bestätigung wird gesendet', description: `An ${participant.email}` }),
          onError: (error) =>
            toast({
              title: 'Die Bestätigung konnte nicht gesendet werden',
              description: participantChangeError(error),
              variant: 'destructive',
            }),
        })
      }
    >
      <MailCheck aria-hidden="true" />
      Bestätigung erneut senden
    </Button>
  );
}
