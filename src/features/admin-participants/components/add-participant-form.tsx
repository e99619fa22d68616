import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextAreaField,
  TextField,
} from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { formatDateShort } from '@/lib/dates';
import { useAddParticipant } from '../api/add-participant';
import {
  ADDABLE_PAYMENT_STATUSES,
  PAYMENT_METHODS,
  paymentMethodLabel,
  paymentStatusLabel,
  type EventOption,
} from '../api/participant-types';
import { addParticipantSchema, emptyAddParticipant, type AddParticipantValues } from '../schema';

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
      if (result.emailSent === false) {
        toast({
          title: 'Hinweis',
          description:
            'Der Teilnehmer wurde hinzugefügt, aber die Bestätigungs-E-Mail konnte nicht gesendet werden.',
        });
      } else {
        toast({ title: 'Teilnehmer hinzugefügt' });
      }
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
            <FormField
              control={form.control}
              name="eventId"
              render={({ field }) => (
                <FormItem className="md:col-span-2">
                  <FormLabel>Event *</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger>
                        <SelectValue placeholder="Event auswählen" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {events.map((event) => (
                        <SelectItem key={event.id} value={event.id}>
                          {event.title}
                          {event.startDate ? ` (${formatDateShort(event.startDate)})` : ''}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
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
            <FormField
              control={form.control}
              name="paymentStatus"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Zahlungsstatus</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger>
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {ADDABLE_PAYMENT_STATUSES.map((status) => (
                        <SelectItem key={status} value={status}>
                          {paymentStatusLabel(status)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="paymentMethod"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Zahlungsart</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger>
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {PAYMENT_METHODS.map((method) => (
                        <SelectItem key={method} value={method}>
                          {paymentMethodLabel(method)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormItem>
              )}
            />
            <TextAreaField
              control={form.control}
              name="notes"
              label="Kommentar"
              className="md:col-span-2"
              rows={3}
              hideMessage
            />
            <FormField
              control={form.control}
              name="sendConfirmation"
              render={({ field }) => (
                <FormItem className="flex items-center gap-2 space-y-0 md:col-span-2">
                  <FormControl>
                    <Checkbox
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                    />
                  </FormControl>
                  <FormLabel>Bestätigungs-E-Mail senden</FormLabel>
                </FormItem>
              )}
            />
            <div className="flex justify-end gap-3 md:col-span-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Abbrechen
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Wird hinzugefügt...' : 'Teilnehmer hinzufügen'}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
