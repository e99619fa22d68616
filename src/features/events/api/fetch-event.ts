import { supabase } from '@/lib/supabase';
import type { Event } from '../types';
import { EVENT_COLUMNS, mapEventRow, type EventRow } from './event-row';
import type { RequestOptions } from './fetch-published-events';
import { startDeadline } from './request-errors';

/** One published event by a unique column; null when there is none. Past events stay readable. */
export async function fetchPublishedEventBy(
  column: 'id' | 'slug',
  value: string,
  options: RequestOptions,
): Promise<Event | null> {
  const deadline = startDeadline(options.operation, options.timeoutMs, options.signal);
  const { data, error, status } = await supabase
    .from('events')
    .select(EVENT_COLUMNS)
    .eq('status', 'published')
    .eq(column, value)
    .retry(false)
    .abortSignal(deadline.signal)
    .maybeSingle();
  // An id that is not a uuid (e.g. a stale link) is "not found", not a failure.
  if (error?.code === '22P02') return null;
  if (error) throw deadline.errorFor(error, status);
  return data ? mapEventRow(data as unknown as EventRow) : null;
}
