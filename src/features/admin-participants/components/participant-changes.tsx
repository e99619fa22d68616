import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, TextAreaField, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { participantChangeError, useResendConfirmation, useUpdateParticipant } from '../api/edit-participant';
import type { AdminParticipant } from '../lib/admin-participant';
import { ADMIN_INVALID_PHONE, phoneSchema } from '@/lib/phone';

const REQUIRED = 'Bitte füllen Sie dieses Feld aus.';

const editSchema = z.object({
  name: z.string().trim().min(1, REQUIRED),
  email: z.string().trim().email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
  phone: phoneSchema(REQUIRED, ADMIN_INVALID_PHONE),
  notes: z.string().max(2000, 'Höchstens 2000 Zeichen.'),
});
type EditValues = z.infer<typeof editSchema>;

/** Contact data and notes of a booking; persons change in their own dialog (seats, money, mail). */
export function EditParticipantCard({ participant }: { participant: AdminParticipant }) {
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      name: participant.name,
      email: participant.email,
      phone: participant.phone,
      notes: participant.notes,
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
        <CardTitle>Kontaktdaten bearbeiten</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            aria-label="Kontaktdaten bearbeiten"
            onSubmit={form.handleSubmit(onSubmit)}
            className="grid gap-4 md:grid-cols-2"
            noValidate
          >
            <TextField control={form.control} name="name" label="Name *" autoComplete="off" />
            <TextField control={form.control} name="email" label="E-Mail *" type="email" autoComplete="off" />
            <TextField control={form.control} name="phone" label="Telefon *" type="tel" autoComplete="off" />
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
