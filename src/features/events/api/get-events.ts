import { TIMEOUTS } from './request-errors';
import { useEventList } from './use-event-list';

const ALL_UPCOMING = {};

/** Every upcoming published event for /events; the category filter runs on the loaded list. */
export function useEvents() {
  return useEventList(ALL_UPCOMING, { timeoutMs: TIMEOUTS.eventsPage, operation: 'Events laden' });
}
