import { loadSupabase } from './load-supabase';

/**
 * The limits of the retention rules that have one, in days by rule key (public.retention_rules,
 * issue 30). Everyone may read them: the privacy page prints them. Shared by that page and the
 * admin's 'Aufbewahrungsfristen' settings.
 */
export type RetentionDays = Readonly<Record<string, number>>;

/** Their query key: the privacy page reads them, the settings refresh them after a change. */
export const retentionDaysKey = ['retention-days'] as const;

export async function getRetentionDays(): Promise<RetentionDays> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('retention_rules')
    .select('key, keep_days')
    .not('keep_days', 'is', null);
  if (error) throw error;
  return Object.fromEntries(
    data.flatMap((rule) => (rule.keep_days === null ? [] : [[rule.key, rule.keep_days] as const])),
  );
}
