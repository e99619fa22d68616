import { z } from 'zod';
import type { FondueHut, FondueSettings } from '@/lib/fondue-settings';
import { WEEKDAYS } from '@/lib/weekdays';

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

/** A whole number typed as text, within [min, max]. */
const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'Bitte geben Sie eine ganze Zahl ein.')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `Bitte geben Sie eine Zahl von ${min} bis ${max} ein.`);

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Bitte geben Sie eine Uhrzeit wie 18:30 ein.');

/** ISO weekdays in the order of the form's checkboxes (Monday first). */
export const HUT_WEEKDAYS = WEEKDAYS.map(({ iso, long }) => ({ day: iso, label: long }));

export const HUT_PAYMENT_METHODS = [
  { method: 'stripe', label: 'Online-Zahlung (Karte, TWINT)' },
  { method: 'invoice', label: 'Rechnung' },
  { method: 'onsite', label: 'Vor Ort' },
] as const;

/** The hut's evenings and rules (fondue_hut, issue 27), checked again by the database. */
const hutFormSchema = z
  .object({
    weekdays: z.object({
      d1: z.boolean(),
      d2: z.boolean(),
      d3: z.boolean(),
      d4: z.boolean(),
      d5: z.boolean(),
      d6: z.boolean(),
      d7: z.boolean(),
    }),
    startTime: time,
    endTime: z.union([z.literal(''), time]),
    minPersons: whole(1, 50),
    maxPersons: whole(1, 50),
    cancellationHours: whole(0, 720),
    lateCharge: whole(0, 100),
    payments: z.object({ stripe: z.boolean(), invoice: z.boolean(), onsite: z.boolean() }),
    location: z.string().trim().min(1, 'Bitte geben Sie den Ort an.').max(300, 'Höchstens 300 Zeichen.'),
    externalUrl: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^https:\/\/\S+$/, 'Bitte geben Sie eine Adresse mit https:// ein.')
        .max(500, 'Höchstens 500 Zeichen.'),
    ]),
  })
  .refine((hut) => Object.values(hut.weekdays).some(Boolean), {
    path: ['weekdays'],
    message: 'Bitte wählen Sie mindestens einen Wochentag.',
  })
  .refine((hut) => Object.values(hut.payments).some(Boolean), {
    path: ['payments'],
    message: 'Bitte wählen Sie mindestens eine Zahlungsart.',
  })
  .refine((hut) => hut.minPersons <= hut.maxPersons, {
    path: ['maxPersons'],
    message: 'Die grösste Gruppe darf nicht kleiner sein als die kleinste.',
  })
  .refine((hut) => hut.endTime === '' || hut.endTime > hut.startTime, {
    path: ['endTime'],
    message: 'Das Ende muss nach dem Beginn liegen.',
  });

export const settingsFormSchema = z
  .object({
    seasonStart: z.iso.date('Bitte geben Sie das Datum des Saisonstarts ein.'),
    seasonEnd: z.union([z.literal(''), z.iso.date('Bitte geben Sie ein gültiges Datum ein.')]),
    priceTwo: price,
    priceThreeToFour: price,
    priceFiveToSix: price,
    /** Absent when the database holds no readable fondue_hut row: the form then leaves it alone. */
    hut: hutFormSchema.optional(),
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
    hut: settings.hut ? toHutInput(settings.hut) : undefined,
  };
}

function toHutInput(hut: FondueHut): NonNullable<SettingsFormInput['hut']> {
  return {
    weekdays: {
      d1: hut.weekdays.includes(1),
      d2: hut.weekdays.includes(2),
      d3: hut.weekdays.includes(3),
      d4: hut.weekdays.includes(4),
      d5: hut.weekdays.includes(5),
      d6: hut.weekdays.includes(6),
      d7: hut.weekdays.includes(7),
    },
    startTime: hut.start_time,
    endTime: hut.end_time ?? '',
    minPersons: String(hut.min_persons),
    maxPersons: String(hut.max_persons),
    cancellationHours: String(hut.cancellation_hours),
    lateCharge: String(hut.late_cancellation_charge_percent),
    payments: {
      stripe: hut.payment_methods.includes('stripe'),
      invoice: hut.payment_methods.includes('invoice'),
      onsite: hut.payment_methods.includes('onsite'),
    },
    location: hut.location,
    externalUrl: hut.external_url ?? '',
  };
}

function toHut(hut: NonNullable<SettingsFormValues['hut']>): FondueHut {
  return {
    weekdays: HUT_WEEKDAYS.filter(({ day }) => hut.weekdays[`d${day}`]).map(({ day }) => day),
    start_time: hut.startTime,
    end_time: hut.endTime === '' ? null : hut.endTime,
    min_persons: hut.minPersons,
    max_persons: hut.maxPersons,
    cancellation_hours: hut.cancellationHours,
    late_cancellation_charge_percent: hut.lateCharge,
    payment_methods: HUT_PAYMENT_METHODS.filter(({ method }) => hut.payments[method]).map(
      ({ method }) => method,
    ),
    location: hut.location,
    external_url: hut.externalUrl === '' ? null : hut.externalUrl,
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
    hut: values.hut ? toHut(values.hut) : null,
  };
}
