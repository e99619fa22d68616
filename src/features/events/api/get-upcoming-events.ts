import { useMemo } from 'react';
import { TIMEOUTS } from './request-errors';
import { useEventList } from './use-event-list';

export const TEASER_SIZE = 3;

/** The next few published events for the home teaser. */
export function useUpcomingEvents(limit = TEASER_SIZE) {
  const filter = useMemo(() => ({ limit }), [limit]);
  return useEventList(filter, { timeoutMs: TIMEOUTS.teaser, operation: 'Kommende Events laden' });
}
