import type { FondueHut, FondueSeason, FonduePrices } from './fondue-settings-schema';
// supabase-js loads on demand: a prerendered page shows its data without it (first paint).
import { loadSupabase } from './load-supabase';

export type { FondueHut, FondueSeason, FonduePrices } from './fondue-settings-schema';

// The fondue facts the provider keeps in 'Einstellungen' (public.settings): the season and the
// prices. The database checks each value's shape (supabase/schemas/80_settings_and_cron.sql); the
// same shapes are parsed when they are read (fondue-settings-schema.ts), so a page never shows a
// value it does not understand. Shared by the public page (features/settings) and the admin page
// (features/admin-settings).

export interface FondueSettings {
  season: FondueSeason;
  prices: FonduePrices;
  /**
   * The hut's evenings and rules (issue 27); null when the row is missing or unreadable, so the
   * page's season and prices still show.
   */
  hut?: FondueHut | null;
}

/** The rows of public.settings behind each part of FondueSettings. */
export const FONDUE_SETTING_KEYS = {
  season: 'fondue_season',
  prices: 'fondue_prices',
  hut: 'fondue_hut',
} as const;

/** Where 'Jetzt reservieren' leads: the hut's calendar, or the external page the settings name. */
export const HUT_RESERVATION_PATH = '/fonduehusli/reservieren';

/** The groups the prices are for, in the order the page lists them. */
export const FONDUE_PRICE_GROUPS: { key: keyof FonduePrices; label: string }[] = [
  { key: 'two', label: '2 Personen' },
  { key: 'three_to_four', label: '3–4 Personen' },
  { key: 'five_to_six', label: '5–6 Personen' },
];

export type SeasonState =
  /** Before the start: the start is news. */
  | { kind: 'upcoming'; start: string }
  /** Between start and end (or after the start of a season without end). */
  | { kind: 'open'; start: string; end: string | null }
  /** After the end: no date to announce until the provider enters the next season. */
  | { kind: 'over'; end: string };

/** Where `today` ('yyyy-MM-dd' in Zurich) falls in the season; ISO dates compare as text. */
export function seasonState(season: FondueSeason, today: string): SeasonState {
  if (today < season.start) return { kind: 'upcoming', start: season.start };
  if (season.end !== null && today > season.end) return { kind: 'over', end: season.end };
  return { kind: 'open', start: season.start, end: season.end };
}

/** The fondue season and prices; rejects when a row is missing or malformed. */
export async function getFondueSettings(): Promise<FondueSettings> {
  // zod comes with the request: a prerendered /fonduehusli shows its data without it.
  const [supabase, { fondueSeasonSchema, fonduePricesSchema, fondueHutSchema }] = await Promise.all([
    loadSupabase(),
    import('./fondue-settings-schema'),
  ]);
  const { data, error } = await supabase
    .from('settings')
    .select('key, value')
    .in('key', Object.values(FONDUE_SETTING_KEYS));
  if (error) throw error;
  const value = (key: string) => data.find((row) => row.key === key)?.value;
  return {
    season: fondueSeasonSchema.parse(value(FONDUE_SETTING_KEYS.season)),
    prices: fonduePricesSchema.parse(value(FONDUE_SETTING_KEYS.prices)),
    hut: fondueHutSchema.safeParse(value(FONDUE_SETTING_KEYS.hut)).data ?? null,
  };
}
