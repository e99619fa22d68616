import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retentionDaysKey } from '@/lib/retention-days';
import { supabase } from '@/lib/supabase';
import type { RetentionRule } from '../retention-schema';
import { SettingsNotSavedError } from './save-fondue-settings';
import { adminSettingsKeys } from './settings-keys';

const retentionRulesKey = [...adminSettingsKeys.all, 'retention_rules'] as const;

/** Every rule, by label (the form puts the limited ones first). */
export async function getRetentionRules(): Promise<RetentionRule[]> {
  const { data, error } = await supabase
    .from('retention_rules')
    .select('key, label, description, keep_days, min_days')
    .order('label');
  if (error) throw error;
  return data;
}

export function useRetentionRules() {
  return useQuery(queryOptions({ queryKey: retentionRulesKey, queryFn: getRetentionRules }));
}

/**
 * Saves the changed limits, one rule after the other (the database checks each against its floor:
 * retention_rules_min_days_check). The nightly job and the privacy page read them from there.
 */
export function useSaveRetentionLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { key: string; keepDays: number }[]) => {
      for (const { key, keepDays } of changes) {
        const { data, error } = await supabase
          .from('retention_rules')
          .update({ keep_days: keepDays })
          .eq('key', key)
          .select('key');
        if (error) throw error;
        if (data.length !== 1) throw new SettingsNotSavedError();
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: retentionRulesKey }),
        queryClient.invalidateQueries({ queryKey: retentionDaysKey }),
      ]),
  });
}
