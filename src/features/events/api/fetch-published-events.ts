import { todayIso } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import type { Event } from '../types';
import { EVENT_COLUMNS, mapEventRow, type EventRow } from './event-row';
import type { PublishedEventsFilter } from './event-keys';
import { startDeadline } from './request-errors';

export interface RequestOptions {
  /** Cancellation from TanStack Query. */
  signal?: AbortSignal;
  timeoutMs: number;
  /** Names the request in the time-out message, e.g. 'Events laden'. */
  operation: string;
}

/** Published events dated today or later, by start date (spec: the public list). */
export async function fetchPublishedEvents(
  filter: PublishedEventsFilter,
  options: RequestOptions,
): Promise<Event[]> {
  const deadline = startDeadline(options.operation, options.timeoutMs, options.signal);
  let query = supabase
    .from('events')
    .select(EVENT_COLUMNS)
    .eq('status', 'published')
    .gte('start_date', todayIso())
    .order('start_date', { ascending: true })
    .order('title', { ascending: true });
  if (filter.categories?.length) query = query.in('category', [...filter.categories]);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  // TanStack Query retries; the client's own back-off would only delay the sample fallback.
  const { data, error, status } = await query.retry(false).abortSignal(deadline.signal);
  if (error) throw deadline.errorFor(error, status);
  return (data as unknown as EventRow[]).map(mapEventRow);
}
