import { z } from 'zod';

// The shapes of the fondue settings' values (see fondue-settings.ts), in their own module so
// that zod loads only when the settings are read, not with the page that shows them.

const isoDate = z.iso.date();

export const fondueSeasonSchema = z.object({ start: isoDate, end: isoDate.nullable() });
export const fonduePricesSchema = z.object({
  two: z.number().positive(),
  three_to_four: z.number().positive(),
  five_to_six: z.number().positive(),
});

export type FondueSeason = z.infer<typeof fondueSeasonSchema>;
export type FonduePrices = z.infer<typeof fonduePricesSchema>;

/** The hut's evenings and rules (fondue_hut, issue 27); the database checks the same shape. */
export const fondueHutSchema = z.object({
  weekdays: z.array(z.number().int().min(1).max(7)).min(1),
  start_time: z.string().regex(/^\d{2}:\d{2}$/),
  end_time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable(),
  min_persons: z.number().int().min(1),
  max_persons: z.number().int().min(1),
  cancellation_hours: z.number().int().min(0),
  late_cancellation_charge_percent: z.number().int().min(0).max(100),
  payment_methods: z.array(z.enum(['stripe', 'invoice', 'onsite'])).min(1),
  location: z.string(),
  /** Set: 'Jetzt reservieren' leads to this external scheduling page instead of the calendar. */
  external_url: z.url().nullable(),
});

export type FondueHut = z.infer<typeof fondueHutSchema>;
