import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { todayIso } from '@/lib/dates';
import type { EventCategory } from '@/lib/event-domain';
// supabase-js loads on demand: a prerendered page shows its data without it (first paint).
import { loadSupabase } from '@/lib/load-supabase';
import { EVENT_COLUMNS, mapEventRow } from '../lib/event-row';
import { nextEventFacts, nextEventOf, type NextEventFacts } from '../lib/next-event';
import { applyPublishedFilter } from '../lib/published-filter';
import {
  DatabaseTimeoutError,
  TIMEOUTS,
  isDatabaseUnreachable,
  retryUnlessTimedOut,
  startDeadline,
  type RequestOptions,
} from '../lib/request-errors';
import { allSampleEvents } from '../sample-events';
import type { PublicEvent, PublishedEventsFilter } from '../types';
import { eventKeys } from './event-keys';

// The public event lists: /events, the home teaser and the lists on content pages.

/** Published events dated today or later, by start date (spec: the public list). */
export async function getPublishedEvents(
  filter: PublishedEventsFilter,
  options: RequestOptions,
): Promise<PublicEvent[]> {
  const deadline = startDeadline(options.operation, options.timeoutMs, options.signal);
  const supabase = await loadSupabase();
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
  return data.map(mapEventRow);
}

/** What a list asks for: the time-out and its name in the time-out message. */
export interface ListRequest {
  timeoutMs: number;
  operation: string;
}

/** Also used outside React (e.g. to prefetch at build time). */
export function publishedEventsQueryOptions(filter: PublishedEventsFilter, request: ListRequest) {
  return queryOptions({
    queryKey: eventKeys.list(filter),
    queryFn: ({ signal }) => getPublishedEvents(filter, { signal, ...request }),
  });
}

export type EventListState =
  | { status: 'loading'; events: PublicEvent[] }
  | { status: 'success'; events: PublicEvent[] }
  /**
   * The database could not be reached: the built-in samples, filtered the same way; `reason` is
   * the spec's time-out message when the request timed out, else null.
   */
  | { status: 'samples'; events: PublicEvent[]; reason: string | null }
  | { status: 'error'; events: PublicEvent[] };

export type EventList = EventListState & { retry: () => void };

const NO_EVENTS: PublicEvent[] = [];

// Only the time-out message is meant for visitors; raw network errors are not.
function timeoutReason(error: Error): string | null {
  return error instanceof DatabaseTimeoutError ? error.message : null;
}

export function sampleEventsFor(filter: PublishedEventsFilter): PublicEvent[] {
  return applyPublishedFilter(allSampleEvents(), filter);
}

/**
 * A public event list with the spec's fallback. The samples are derived from the error state,
 * not cached as data, so the next successful fetch replaces them on its own. An empty result is
 * a real answer and never falls back.
 */
export function useEventList(filter: PublishedEventsFilter, request: ListRequest): EventList {
  const appRetry = useQueryClient().getDefaultOptions().queries?.retry;
  const query = useQuery({
    ...publishedEventsQueryOptions(filter, request),
    retry: retryUnlessTimedOut(appRetry),
  });
  const unreachable = !query.data && isDatabaseUnreachable(query.error);
  const samples = useMemo(() => (unreachable ? sampleEventsFor(filter) : NO_EVENTS), [unreachable, filter]);
  const retry = () => void query.refetch();
  if (query.data) return { status: 'success', events: query.data, retry };
  if (query.error) {
    return unreachable
      ? { status: 'samples', events: samples, reason: timeoutReason(query.error), retry }
      : { status: 'error', events: NO_EVENTS, retry };
  }
  return { status: 'loading', events: NO_EVENTS, retry };
}

// The lists the site shows. Filters are module constants so query keys and memoised samples
// stay stable.

export const ALL_UPCOMING: PublishedEventsFilter = {};
export const EVENTS_PAGE_REQUEST: ListRequest = { timeoutMs: TIMEOUTS.eventsPage, operation: 'Events laden' };

/** Every upcoming published event for /events; the category filter runs on the loaded list. */
export function useEvents() {
  return useEventList(ALL_UPCOMING, EVENTS_PAGE_REQUEST);
}

export const TEASER_SIZE = 3;
export const TEASER_REQUEST: ListRequest = { timeoutMs: TIMEOUTS.teaser, operation: 'Kommende Events laden' };

/** The next few published events for the home teaser. */
export function useUpcomingEvents(limit = TEASER_SIZE) {
  const filter = useMemo(() => ({ limit }), [limit]);
  return useEventList(filter, TEASER_REQUEST);
}

export type CategoryList = 'stammtisch' | 'breathwork' | 'kids';

/** The event lists embedded in content pages and the categories each one shows. */
export const CATEGORY_LIST_FILTERS: Record<
  CategoryList,
  PublishedEventsFilter & { categories: readonly EventCategory[] }
> = {
  stammtisch: { categories: ['stammtisch'] },
  breathwork: { categories: ['breathwork', 'sense-of-breath'] },
  kids: { categories: ['kids'] },
};

export const CATEGORY_LIST_REQUEST: ListRequest = { timeoutMs: TIMEOUTS.default, operation: 'Events laden' };

export function useCategoryEvents(list: CategoryList) {
  return useEventList(CATEGORY_LIST_FILTERS[list], CATEGORY_LIST_REQUEST);
}

export type NextEventState =
  /** The list has not answered yet (a page rendered without build-time data). */
  | { status: 'loading' }
  /** No upcoming event that takes place, or the list cannot be read: nothing event-bound to say. */
  | { status: 'none' }
  | { status: 'found'; facts: NextEventFacts };

/**
 * The next event of a content page's list, from the same query as the list itself (one request,
 * prerendered with the page and refreshed after hydration), so the page's facts and its list
 * never disagree.
 */
export function useNextCategoryEvent(list: CategoryList): NextEventState {
  const state = useCategoryEvents(list);
  if (state.status === 'loading') return { status: 'loading' };
  const next = state.status === 'success' ? nextEventOf(state.events) : null;
  return next ? { status: 'found', facts: nextEventFacts(next) } : { status: 'none' };
}
