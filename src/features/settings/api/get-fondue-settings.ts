import { useQuery } from '@tanstack/react-query';
// supabase-js loads on demand: a prerendered page shows its data without it (first paint).
import { loadSupabase } from '@/lib/load-supabase';
import {
  FONDUE_SETTING_KEYS,
  fonduePricesSchema,
  fondueSeasonSchema,
  type FondueSettings,
} from '../fondue-settings';
import { settingsKeys } from './settings-keys';

/** The fondue season and prices; rejects when a row is missing or malformed. */
export async function getFondueSettings(): Promise<FondueSettings> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('settings')
    .select('key, value')
    .in('key', Object.values(FONDUE_SETTING_KEYS));
  if (error) throw error;
  const value = (key: string) => data.find((row) => row.key === key)?.value;
  return {
    season: fondueSeasonSchema.parse(value(FONDUE_SETTING_KEYS.season)),
    prices: fonduePricesSchema.parse(value(FONDUE_SETTING_KEYS.prices)),
  };
}

export function useFondueSettings() {
  return useQuery({ queryKey: settingsKeys.fondue(), queryFn: getFondueSettings });
}
