import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useSaveVatSetting, useVatSetting } from '../api/vat-setting';
import { toVatForm, toVatSetting, vatFormSchema, type VatFormValues, type VatSetting } from '../vat-schema';
import { SettingsSection } from './settings-section';
import { toastSaveFailed } from '../lib/save-failed';

/** UID and VAT rate on the receipts ('Zahlungsbestätigung', 'Gutschrift'); empty: none. */
export function VatSettingsSection() {
  return (
    <SettingsSection
      title="Mehrwertsteuer"
      description="Auf Zahlungsbestätigungen und Gutschriften. Lassen Sie beide Felder leer, wenn Sie nicht mehrwertsteuerpflichtig sind."
      query={useVatSetting()}
      loadingLabel="Mehrwertsteuer wird geladen…"
    >
      {(setting) => <VatSettingsForm setting={setting} />}
    </SettingsSection>
  );
}

function VatSettingsForm({ setting }: { setting: VatSetting }) {
  const form = useForm<VatFormValues>({
    resolver: zodResolver(vatFormSchema),
    defaultValues: toVatForm(setting),
  });
  const save = useSaveVatSetting();

  async function onSubmit(values: VatFormValues) {
    try {
      const saved = toVatSetting(values);
      await save.mutateAsync(saved);
      form.reset(toVatForm(saved));
      toast({ title: 'Mehrwertsteuer gespeichert', description: 'Neue Belege zeigen die neuen Angaben.' });
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
        aria-label="Mehrwertsteuer"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="uid"
            label="UID (MWST-Nummer)"
            placeholder="CHE-123.456.789"
          />
          <TextField
            control={form.control}
            name="rate"
            label="MWST-Satz (%)"
            inputMode="decimal"
            placeholder="8.1"
          />
        </div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gespeichert…' : 'Mehrwertsteuer speichern'}
        </Button>
      </form>
    </Form>
  );
}
