import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFondueSettings } from '@/lib/fondue-settings';
import { adminSettingsKeys } from './settings-keys';

export function adminFondueSettingsQueryOptions() {
  return queryOptions({ queryKey: adminSettingsKeys.fondue(), queryFn: getFondueSettings });
}

/** Season and prices as the 'Einstellungen' form edits them. */
export function useAdminFondueSettings() {
  return useQuery(adminFondueSettingsQueryOptions());
}
