import { eventKeys } from './event-keys';
import { useEventLookup } from './use-event-lookup';

/** The event passed in navigation state from a card or the teaser. */
export function useEventById(id: string | undefined) {
  return useEventLookup(eventKeys.byId(id ?? ''), 'id', id);
}
