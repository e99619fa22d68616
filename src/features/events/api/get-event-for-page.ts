import { useEventById } from './get-event-by-id';
import { useEventBySlug } from './get-event-by-slug';

/** Navigation state from a card, `{ eventId }`, when the page was reached by a click. */
export interface EventLinkState {
  eventId: string;
}

export function readEventLinkState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('eventId' in state)) return undefined;
  const { eventId } = state as { eventId: unknown };
  return typeof eventId === 'string' && eventId !== '' ? eventId : undefined;
}

/** Spec: the id from navigation state when present, else a lookup by the slug in the path. */
export function useEventForPage(slug: string | undefined, navigationState: unknown) {
  const eventId = readEventLinkState(navigationState);
  const byId = useEventById(eventId);
  const bySlug = useEventBySlug(eventId ? undefined : slug);
  return eventId ? byId : bySlug;
}
