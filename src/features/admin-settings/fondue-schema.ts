import { z } from 'zod';
import type { FondueSettings } from '@/lib/fondue-settings';

// The 'Einstellungen' form. Prices are typed as text ('92.50' or '92,50'), so a half-typed
// value is never turned into a number behind the admin's back. The database checks the same
// rules again (supabase/schemas/80_settings_and_cron.sql).

const MAX_PRICE = 10_000;

const price = z
  .string()
  .trim()
  .min(1, 'Bitte geben Sie einen Preis ein.')
  .regex(/^\d+([.,]\d{1,2})?$/, 'Bitte geben Sie einen Betrag wie 90 oder 92.50 ein.')
  .transform((text) => Number(text.replace(',', '.')))
  .refine((amount) => amount > 0, 'Der Preis muss grösser als 0 sein.')
  .refine((amount) => amount <= MAX_PRICE, `Der Preis darf höchstens CHF ${MAX_PRICE} betragen.`);

export const settingsFormSchema = z
  .object({
    seasonStart: z.iso.date('Bitte geben Sie das Datum des Saisonstarts ein.'),
    seasonEnd: z.union([z.literal(''), z.iso.date('Bitte geben Sie ein gültiges Datum ein.')]),
    priceTwo: price,
    priceThreeToFour: price,
    priceFiveToSix: price,
  })
  .refine((values) => values.seasonEnd === '' || values.seasonEnd >= values.seasonStart, {
    path: ['seasonEnd'],
    message: 'Das Saisonende darf nicht vor dem Saisonstart liegen.',
  });

export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormValues = z.output<typeof settingsFormSchema>;

export function toFormInput(settings: FondueSettings): SettingsFormInput {
  const text = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));
  return {
    seasonStart: settings.season.start,
    seasonEnd: settings.season.end ?? '',
    priceTwo: text(settings.prices.two),
    priceThreeToFour: text(settings.prices.three_to_four),
    priceFiveToSix: text(settings.prices.five_to_six),
  };
}

export function toSettings(values: SettingsFormValues): FondueSettings {
  return {
    season: { start: values.seasonStart, end: values.seasonEnd === '' ? null : values.seasonEnd },
    prices: {
      two: values.priceTwo,
      three_to_four: values.priceThreeToFour,
      five_to_six: values.priceFiveToSix,
    },
  };
}
