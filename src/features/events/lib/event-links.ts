import type { Event } from '../types';

// Links carry the id as navigation state so the page can load by id (spec §2); the slug in the
// path still finds the event when the link is shared or typed.
export function eventPath(event: Pick<Event, 'slug'>): string {
  return `/events/${encodeURIComponent(event.slug)}`;
}

export function bookingPath(event: Pick<Event, 'slug'>): string {
  return `${eventPath(event)}/buchen`;
}

export function linkState(event: Pick<Event, 'id'>): { eventId: string } {
  return { eventId: event.id };
}
