import { supabase } from '@/lib/supabase';
import type { EventWrite } from '../lib/admin-event';
import type { RecurrenceRule } from '../lib/recurrence';
import type { SeriesChanges } from '../lib/series-changes';

// The two admin functions of a series (docs/data-model.md, "Series of events"); both check
// is_admin() in the database.

/** Stores the series and one event per date in one transaction; answers the series' id. */
export async function createEventSeries(
  event: EventWrite,
  dates: string[],
  rule: RecurrenceRule,
  ruleText: string,
): Promise<string> {
  const { data, error } = await supabase.rpc('admin_create_event_series', {
    p_event: event,
    p_dates: dates,
    p_rule: rule,
    p_rule_text: ruleText,
  });
  if (error) throw error;
  return data.id;
}

export type SeriesScope = 'this' | 'following';

/** Applies the changes; occurrences with a new date, time or place get the change notice. */
export async function editEventSeries(
  eventId: string,
  scope: SeriesScope,
  changes: SeriesChanges,
  message: string,
): Promise<{ changed: number; notified: number }> {
  const { data, error } = await supabase
    .rpc('admin_edit_event_series', {
      p_event_id: eventId,
      p_scope: scope,
      p_changes: changes,
      p_message: message,
    })
    .single();
  if (error) throw error;
  return data;
}
