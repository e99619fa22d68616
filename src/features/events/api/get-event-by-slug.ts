import { eventKeys } from './event-keys';
import { useEventLookup } from './use-event-lookup';

/** The event for a shared or typed link, found by its stored slug. */
export function useEventBySlug(slug: string | undefined) {
  return useEventLookup(eventKeys.bySlug(slug ?? ''), 'slug', slug);
}
