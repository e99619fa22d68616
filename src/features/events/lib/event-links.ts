import type { PublicEvent } from '../types';

// Links carry the id as navigation state so the page can load by id (spec §2); the slug in the
// path still finds the event when the link is shared or typed.
export function eventPath(event: Pick<PublicEvent, 'slug'>): string {
  return `/events/${encodeURIComponent(event.slug)}`;
}

export function bookingPath(event: Pick<PublicEvent, 'slug'>): string {
  return `${eventPath(event)}/buchen`;
}

export function linkState(event: Pick<PublicEvent, 'id'>): { eventId: string } {
  return { eventId: event.id };
}

/** Navigation state from a card, `{ eventId }`, when the page was reached by a click. */
export function readEventLinkState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('eventId' in state)) return undefined;
  const { eventId } = state;
  return typeof eventId === 'string' && eventId !== '' ? eventId : undefined;
}
