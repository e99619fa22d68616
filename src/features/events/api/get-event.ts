import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
// supabase-js loads on demand: a prerendered page shows its data without it (first paint).
import { loadSupabase } from '@/lib/load-supabase';
import { readEventLinkState } from '../lib/event-links';
import { EVENT_COLUMNS, mapEventRow } from '../lib/event-row';
import {
  TIMEOUTS,
  isDatabaseUnreachable,
  retryUnlessTimedOut,
  startDeadline,
  type RequestOptions,
} from '../lib/request-errors';
import { allSampleEvents } from '../sample-events';
import type { PublicEvent } from '../types';
import { takeEarlyEvent } from './early-event';
import { eventKeys } from './event-keys';

// One published event, for its detail and booking pages.

export type EventLookupKey = { by: 'id'; id: string } | { by: 'slug'; slug: string };

function lookupValue(key: EventLookupKey): string {
  return key.by === 'id' ? key.id : key.slug;
}

/** One published event by a unique column; null when there is none. Past events stay readable. */
export async function getPublishedEvent(
  key: EventLookupKey,
  options: RequestOptions,
): Promise<PublicEvent | null> {
  const deadline = startDeadline(options.operation, options.timeoutMs, options.signal);
  // The new-event frame asked for this slug while its HTML was parsing (early-event.ts).
  const early = key.by === 'slug' ? await takeEarlyEvent(key.slug, deadline.signal) : undefined;
  if (early !== undefined) return early ? mapEventRow(early) : null;
  const supabase = await loadSupabase();
  const { data, error, status } = await supabase
    .from('events')
    .select(EVENT_COLUMNS)
    .eq('status', 'published')
    .eq(key.by, lookupValue(key))
    .retry(false)
    .abortSignal(deadline.signal)
    .maybeSingle();
  // An id that is not a uuid (e.g. a stale link) is "not found", not a failure.
  if (error?.code === '22P02') return null;
  if (error) throw deadline.errorFor(error, status);
  return data ? mapEventRow(data) : null;
}

/** Also used outside React (e.g. to prefetch at build time). */
export function publishedEventQueryOptions(key: EventLookupKey) {
  return queryOptions({
    queryKey: key.by === 'id' ? eventKeys.byId(key.id) : eventKeys.bySlug(key.slug),
    queryFn: ({ signal }) =>
      getPublishedEvent(key, { signal, timeoutMs: TIMEOUTS.default, operation: 'Event laden' }),
  });
}

export type EventLookupState =
  | { status: 'loading' }
  | { status: 'found'; event: PublicEvent }
  /** The slug is an earlier one of an event: its current slug (the page redirects). */
  | { status: 'moved'; slug: string }
  | { status: 'not-found' }
  | { status: 'error' };

/** The current slug of the published event that once had this slug; null when none. */
export async function getCurrentSlug(formerSlug: string): Promise<string | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('current_event_slug', { p_slug: formerSlug });
  if (error) throw error;
  return data ?? null;
}

/**
 * One event by id or slug. While the database is unreachable, a sample event with that id or
 * slug is shown instead (it cannot be booked).
 */
export function useEventLookup(key: EventLookupKey | null): EventLookupState {
  const appRetry = useQueryClient().getDefaultOptions().queries?.retry;
  const options = publishedEventQueryOptions(key ?? { by: 'slug', slug: '' });
  const query = useQuery({ ...options, enabled: key !== null, retry: retryUnlessTimedOut(appRetry) });
  const unreachable = !query.data && isDatabaseUnreachable(query.error);
  const by = key?.by;
  const value = key ? lookupValue(key) : undefined;
  const sample = useMemo(
    () =>
      unreachable && by
        ? allSampleEvents().find((event) => event.status === 'published' && event[by] === value)
        : undefined,
    [unreachable, by, value],
  );
  if (!key) return { status: 'not-found' };
  if (query.data) return { status: 'found', event: query.data };
  if (query.data === null) return { status: 'not-found' };
  if (query.error) {
    return sample ? { status: 'found', event: sample } : { status: 'error' };
  }
  return { status: 'loading' };
}

/**
 * Spec: the id from navigation state (a click on a card) when present, else a lookup by the
 * slug in the path (a shared or typed link).
 */
export function useEventForPage(slug: string | undefined, navigationState: unknown): EventLookupState {
  const eventId = readEventLinkState(navigationState);
  const key: EventLookupKey | null = eventId ? { by: 'id', id: eventId } : slug ? { by: 'slug', slug } : null;
  const lookup = useEventLookup(key);
  // Links never break: a slug no event has now may be an earlier one (the title or date changed).
  const formerSlug = key?.by === 'slug' && lookup.status === 'not-found' ? key.slug : null;
  const moved = useQuery({
    queryKey: eventKeys.formerSlug(formerSlug ?? ''),
    queryFn: () => getCurrentSlug(formerSlug ?? ''),
    enabled: formerSlug !== null,
    retry: false,
  });
  if (formerSlug === null) return lookup;
  if (moved.isPending) return { status: 'loading' };
  return moved.data ? { status: 'moved', slug: moved.data } : lookup;
}
