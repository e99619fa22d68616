import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useInvoiceReminderSetting, useSaveInvoiceReminderSetting } from '../api/invoice-reminder-setting';
import {
  reminderFormSchema,
  toReminderForm,
  toReminderSetting,
  type InvoiceReminderSetting,
  type ReminderFormValues,
} from '../reminder-schema';
import { SettingsSection } from './settings-section';
import { toastSaveFailed } from '../lib/save-failed';

/** When unpaid invoices are reminded, and whether their seats are released before the event. */
export function InvoiceReminderSection() {
  return (
    <SettingsSection
      title="Zahlungserinnerungen"
      description="Für Buchungen auf Rechnung: eine freundliche Erinnerung mit demselben QR-Einzahlungsschein, einmal, so viele Tage nach der Zahlungsfrist. Ist danach noch einmal so viel Zeit vergangen, erscheint die Buchung unter Finanzen als «Mahnung fällig». Die Zahlungsfrist selbst stellen Sie beim Konto ein."
      query={useInvoiceReminderSetting()}
      loadingLabel="Zahlungserinnerungen werden geladen…"
    >
      {(setting) => <InvoiceReminderForm setting={setting} />}
    </SettingsSection>
  );
}

function InvoiceReminderForm({ setting }: { setting: InvoiceReminderSetting }) {
  const form = useForm<ReminderFormValues>({
    resolver: zodResolver(reminderFormSchema),
    defaultValues: toReminderForm(setting),
  });
  const save = useSaveInvoiceReminderSetting();

  async function onSubmit(values: ReminderFormValues) {
    try {
      const saved = toReminderSetting(values);
      await save.mutateAsync(saved);
      form.reset(toReminderForm(saved));
      toast({
        title: 'Zahlungserinnerungen gespeichert',
        description: 'Die Regel gilt ab dem nächsten Tageslauf.',
      });
    } catch (error) {
      toastSaveFailed(error, 'Die Angaben konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.');
    }
  }

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        className="space-y-4"
        noValidate
        aria-label="Zahlungserinnerungen"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="reminderDays"
            label="Erinnerung nach Fälligkeit (Tage)"
            inputMode="numeric"
          />
          <TextField
            control={form.control}
            name="releaseDays"
            label="Plätze freigeben, Tage vor dem Event"
            inputMode="numeric"
            placeholder="leer: nie"
            description={() =>
              'Nur ganz unbezahlte Rechnungen; die Person erhält eine E-Mail. Leer lassen, um nie freizugeben.'
            }
          />
        </div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gespeichert…' : 'Zahlungserinnerungen speichern'}
        </Button>
      </form>
    </Form>
  );
}
