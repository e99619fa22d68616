import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { allSampleEvents } from '../sample-events';
import type { Event } from '../types';
import { eventKeys, type PublishedEventsFilter } from './event-keys';
import { fetchPublishedEvents } from './fetch-published-events';
import { applyPublishedFilter } from './published-events-filter';
import { DatabaseTimeoutError, isDatabaseUnreachable, retryUnlessTimedOut } from './request-errors';

export type EventListState =
  | { status: 'loading'; events: Event[] }
  | { status: 'success'; events: Event[] }
  /**
   * The database could not be reached: the built-in samples, filtered the same way; `reason` is
   * the spec's time-out message when the request timed out, else null.
   */
  | { status: 'samples'; events: Event[]; reason: string | null }
  | { status: 'error'; events: Event[] };

export type EventList = EventListState & { retry: () => void };

const NO_EVENTS: Event[] = [];

interface ListRequest {
  timeoutMs: number;
  operation: string;
}

// Only the time-out message is meant for visitors; raw network errors are not.
function timeoutReason(error: Error): string | null {
  return error instanceof DatabaseTimeoutError ? error.message : null;
}

export function sampleEventsFor(filter: PublishedEventsFilter): Event[] {
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
    queryKey: eventKeys.list(filter),
    queryFn: ({ signal }) => fetchPublishedEvents(filter, { signal, ...request }),
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
