import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, TextAreaField, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useGiftVoucherSetting, useSaveGiftVoucherSetting } from '../api/gift-voucher-setting';
import {
  giftVoucherFormSchema,
  LEGAL_TEXT_MAX,
  toGiftVoucherForm,
  toGiftVoucherSetting,
  type GiftVoucherFormOutput,
  type GiftVoucherFormValues,
  type GiftVoucherSetting,
} from '../gift-voucher-schema';
import { SettingsSection } from './settings-section';
import { toastSaveFailed } from '../lib/save-failed';

/** How long a new gift voucher is valid, and the conditions printed on every voucher. */
export function GiftVoucherSettingsSection() {
  return (
    <SettingsSection
      title="Geschenkgutscheine"
      description="Gilt für neu ausgestellte Gutscheine; bestehende behalten ihr Ablaufdatum. Der Hinweis steht auf jedem Gutschein."
      query={useGiftVoucherSetting()}
      loadingLabel="Geschenkgutscheine werden geladen…"
    >
      {(setting) => <GiftVoucherSettingsForm setting={setting} />}
    </SettingsSection>
  );
}

function GiftVoucherSettingsForm({ setting }: { setting: GiftVoucherSetting }) {
  const form = useForm<GiftVoucherFormValues, unknown, GiftVoucherFormOutput>({
    resolver: zodResolver(giftVoucherFormSchema),
    defaultValues: toGiftVoucherForm(setting),
  });
  const save = useSaveGiftVoucherSetting();

  async function onSubmit(values: GiftVoucherFormOutput) {
    try {
      const saved = toGiftVoucherSetting(values);
      await save.mutateAsync(saved);
      form.reset(toGiftVoucherForm(saved));
      toast({
        title: 'Geschenkgutscheine gespeichert',
        description: 'Neue Gutscheine erhalten die neuen Angaben.',
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
        aria-label="Geschenkgutscheine"
      >
        <TextField
          control={form.control}
          name="validityYears"
          label="Gültigkeit neuer Gutscheine (Jahre)"
          inputMode="numeric"
          className="max-w-xs"
          description={() => '1 bis 10 Jahre ab dem Ausstellungsdatum.'}
        />
        <TextAreaField
          control={form.control}
          name="legalText"
          label="Hinweis auf dem Gutschein"
          rows={4}
          maxLength={LEGAL_TEXT_MAX}
          description={(value) => `${value.length} von ${LEGAL_TEXT_MAX} Zeichen`}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gespeichert…' : 'Geschenkgutscheine speichern'}
        </Button>
      </form>
    </Form>
  );
}
