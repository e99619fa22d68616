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
