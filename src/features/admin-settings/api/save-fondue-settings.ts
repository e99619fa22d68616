import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FONDUE_SETTING_KEYS, type FondueSettings } from '@/lib/fondue-settings';
import { supabase } from '@/lib/supabase';

/** Raised when the database changed no row: the account may no longer change settings. */
export class SettingsNotSavedError extends Error {
  constructor() {
    super('Die Einstellungen wurden nicht gespeichert: Ihr Konto darf sie nicht ändern.');
    this.name = 'SettingsNotSavedError';
  }
}

async function saveSetting(
  key: string,
  value: NonNullable<FondueSettings[keyof FondueSettings]>,
): Promise<void> {
  const { data, error } = await supabase.from('settings').update({ value }).eq('key', key).select('key');
  if (error) throw error;
  // RLS hides the row from a non-admin: the update then succeeds with no row changed.
  if (data.length !== 1) throw new SettingsNotSavedError();
}

/**
 * Saves season, prices and the hut's rules. Each is one row, saved atomically; saving again after a partial
 * failure is harmless, and the form keeps what was typed.
 */
export async function saveFondueSettings(settings: FondueSettings): Promise<void> {
  await saveSetting(FONDUE_SETTING_KEYS.season, settings.season);
  await saveSetting(FONDUE_SETTING_KEYS.prices, settings.prices);
  // The hut's rules only where the form had them (a readable row).
  if (settings.hut) await saveSetting(FONDUE_SETTING_KEYS.hut, settings.hut);
}

export function useSaveFondueSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFondueSettings,
    // Every query, not only the admin ones: the public page's cached copy is outdated too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
