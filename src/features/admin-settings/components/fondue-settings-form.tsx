import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import type { FondueSettings } from '@/lib/fondue-settings';
import { SettingsNotSavedError, useSaveFondueSettings } from '../api/save-fondue-settings';
import {
  settingsFormSchema,
  toFormInput,
  toSettings,
  type SettingsFormInput,
  type SettingsFormValues,
} from '../fondue-schema';

const PRICE_FIELDS = [
  { name: 'priceTwo', label: 'Preis pro Person bei 2 Personen (CHF) *' },
  { name: 'priceThreeToFour', label: 'Preis pro Person bei 3–4 Personen (CHF) *' },
  { name: 'priceFiveToSix', label: 'Preis pro Person bei 5–6 Personen (CHF) *' },
] as const;

/** The Fonduehüsli section's form: season dates and prices, saved together. */
export function FondueSettingsForm({ settings }: { settings: FondueSettings }) {
  const form = useForm<SettingsFormInput, unknown, SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toFormInput(settings),
  });
  const save = useSaveFondueSettings();

  async function onSubmit(values: SettingsFormValues) {
    try {
      await save.mutateAsync(toSettings(values));
      form.reset(form.getValues());
      toast({
        title: 'Fonduehüsli gespeichert',
        description: 'Die Seite Fonduehüsli zeigt die neuen Angaben nach der nächsten Aktualisierung.',
      });
    } catch (error) {
      toast({
        title: 'Fehler beim Speichern',
        description:
          error instanceof SettingsNotSavedError
            ? error.message
            : 'Die Einstellungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate>
        <Card>
          <CardHeader>
            <CardTitle>Saison</CardTitle>
            <CardDescription>
              Vor dem Saisonstart kündigt die Seite das Datum an; nach dem Saisonende sagt sie, dass die
              Saison vorbei ist. Ohne Saisonende gilt die Saison als offen.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="seasonStart" label="Saisonstart *" type="date" />
            <TextField control={form.control} name="seasonEnd" label="Saisonende" type="date" />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Preise</CardTitle>
            <CardDescription>Pro Person, inklusive Menü, Weisswein und Wasser.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            {PRICE_FIELDS.map((field) => (
              <TextField
                key={field.name}
                control={form.control}
                name={field.name}
                label={field.label}
                inputMode="decimal"
              />
            ))}
          </CardContent>
        </Card>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gespeichert…' : 'Fonduehüsli speichern'}
        </Button>
      </form>
    </Form>
  );
}
