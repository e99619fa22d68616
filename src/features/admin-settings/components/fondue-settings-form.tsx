import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Control, FieldPath } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextField,
} from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import type { FondueSettings } from '@/lib/fondue-settings';
import { useSaveFondueSettings } from '../api/save-fondue-settings';
import {
  HUT_PAYMENT_METHODS,
  HUT_WEEKDAYS,
  settingsFormSchema,
  toFormInput,
  toSettings,
  type SettingsFormInput,
  type SettingsFormValues,
} from '../fondue-schema';
import { toastSaveFailed } from '../lib/save-failed';

const PRICE_FIELDS = [
  { name: 'priceTwo', label: 'Preis pro Person bei 2 Personen (CHF) *' },
  { name: 'priceThreeToFour', label: 'Preis pro Person bei 3–4 Personen (CHF) *' },
  { name: 'priceFiveToSix', label: 'Preis pro Person bei 5–6 Personen (CHF) *' },
] as const;

/**
 * A checkbox of the hut's rules. (CheckboxField wants a path whose value is always boolean; the
 * hut's part of the form is optional, so its paths may be undefined.)
 */
function HutCheckbox({
  control,
  name,
  label,
}: {
  control: Control<SettingsFormInput, unknown, SettingsFormValues>;
  name: FieldPath<SettingsFormInput>;
  label: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-center gap-2 space-y-0">
          <FormControl>
            <Checkbox
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          </FormControl>
          <FormLabel>{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}

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
      toastSaveFailed(
        error,
        'Die Einstellungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
      );
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
        {settings.hut ? (
          <Card>
            <CardHeader>
              <CardTitle>Abende und Stornierung</CardTitle>
              <CardDescription>
                Welche Abende der Reservationskalender anbietet, für wie viele Personen, die Stornierungsregel
                und die Zahlungsarten. Eine Gruppe pro Abend.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Offene Wochentage *</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {HUT_WEEKDAYS.map(({ day, label }) => (
                    <HutCheckbox
                      key={day}
                      control={form.control}
                      name={`hut.weekdays.d${day}`}
                      label={label}
                    />
                  ))}
                </div>
                <FormField
                  control={form.control}
                  name="hut.weekdays"
                  render={() => (
                    <FormItem>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField control={form.control} name="hut.startTime" label="Beginn *" type="time" />
                <TextField control={form.control} name="hut.endTime" label="Ende" type="time" />
                <TextField
                  control={form.control}
                  name="hut.minPersons"
                  label="Kleinste Gruppe (Personen) *"
                  inputMode="numeric"
                />
                <TextField
                  control={form.control}
                  name="hut.maxPersons"
                  label="Grösste Gruppe (Personen) *"
                  inputMode="numeric"
                />
                <TextField
                  control={form.control}
                  name="hut.cancellationHours"
                  label="Kostenlos stornierbar bis (Stunden vor Beginn) *"
                  inputMode="numeric"
                />
                <TextField
                  control={form.control}
                  name="hut.lateCharge"
                  label="Danach verrechneter Anteil (%) *"
                  inputMode="numeric"
                />
              </div>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Zahlungsarten *</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {HUT_PAYMENT_METHODS.map(({ method, label }) => (
                    <HutCheckbox
                      key={method}
                      control={form.control}
                      name={`hut.payments.${method}`}
                      label={label}
                    />
                  ))}
                </div>
                <FormField
                  control={form.control}
                  name="hut.payments"
                  render={() => (
                    <FormItem>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </fieldset>
              <TextField control={form.control} name="hut.location" label="Ort *" />
              <TextField
                control={form.control}
                name="hut.externalUrl"
                label="Externer Reservationslink"
                description={() =>
                  'Leer lassen: «Jetzt reservieren» führt zum Kalender dieser Website. Mit einer Adresse (https://…) führt er stattdessen dorthin.'
                }
                inputMode="url"
              />
            </CardContent>
          </Card>
        ) : null}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gespeichert…' : 'Fonduehüsli speichern'}
        </Button>
      </form>
    </Form>
  );
}
