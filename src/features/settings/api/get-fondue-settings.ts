import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFondueSettings } from '@/lib/fondue-settings';
import { settingsKeys } from './settings-keys';

export function fondueSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.fondue(), queryFn: getFondueSettings });
}

/** Season and prices for /fonduehusli. */
export function useFondueSettings() {
  return useQuery(fondueSettingsQueryOptions());
}
