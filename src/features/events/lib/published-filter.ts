import { todayIso } from '@/lib/dates';
import type { EventCategory } from '@/lib/event-domain';
import type { PublicEvent, PublishedEventsFilter } from '../types';

// The same rules the database query applies, for lists built from the built-in samples.
export function applyPublishedFilter(
  events: PublicEvent[],
  filter: PublishedEventsFilter,
  today = todayIso(),
): PublicEvent[] {
  const categories = filter.categories?.length ? filter.categories : null;
  const matching = events
    .filter((event) => event.status === 'published')
    .filter((event) => event.startDate !== null && event.startDate >= today)
    .filter((event) => !categories || categories.includes(event.category))
    .sort(
      (a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? '') || a.title.localeCompare(b.title, 'de'),
    );
  return filter.limit === undefined ? matching : matching.slice(0, filter.limit);
}

/** Categories present among the events, for the 'Kategorien' filter. */
export function presentCategories(events: PublicEvent[]): Set<EventCategory> {
  return new Set(events.map((event) => event.category));
}

export function filterByCategory(events: PublicEvent[], category: EventCategory | null): PublicEvent[] {
  return category ? events.filter((event) => event.category === category) : events;
}
