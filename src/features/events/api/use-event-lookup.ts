import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { allSampleEvents } from '../sample-events';
import type { Event } from '../types';
import { fetchPublishedEventBy } from './fetch-event';
import { TIMEOUTS, isDatabaseUnreachable, retryUnlessTimedOut } from './request-errors';

export type EventLookupState =
  { status: 'loading' } | { status: 'found'; event: Event } | { status: 'not-found' } | { status: 'error' };

/**
 * One event by id or slug. While the database is unreachable, a sample event with that id or
 * slug is shown instead (it cannot be booked).
 */
export function useEventLookup(
  queryKey: QueryKey,
  column: 'id' | 'slug',
  value: string | undefined,
): EventLookupState {
  const appRetry = useQueryClient().getDefaultOptions().queries?.retry;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      fetchPublishedEventBy(column, value ?? '', {
        signal,
        timeoutMs: TIMEOUTS.default,
        operation: 'Event laden',
      }),
    enabled: Boolean(value),
    retry: retryUnlessTimedOut(appRetry),
  });
  const unreachable = !query.data && isDatabaseUnreachable(query.error);
  const sample = useMemo(
    () =>
      unreachable
        ? allSampleEvents().find((event) => event.status === 'published' && event[column] === value)
        : undefined,
    [unreachable, column, value],
  );
  if (!value) return { status: 'not-found' };
  if (query.data) return { status: 'found', event: query.data };
  if (query.data === null) return { status: 'not-found' };
  if (query.error) {
    return sample ? { status: 'found', event: sample } : { status: 'error' };
  }
  return { status: 'loading' };
}
