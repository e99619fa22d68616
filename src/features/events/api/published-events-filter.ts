import { todayIso } from '@/lib/dates';
import type { Event, EventCategory } from '../types';
import type { PublishedEventsFilter } from './event-keys';

// The same rules the database query applies, for lists built from the built-in samples.
export function applyPublishedFilter(
  events: Event[],
  filter: PublishedEventsFilter,
  today = todayIso(),
): Event[] {
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
export function presentCategories(events: Event[]): Set<EventCategory> {
  return new Set(events.map((event) => event.category));
}

export function filterByCategory(events: Event[], category: EventCategory | null): Event[] {
  return category ? events.filter((event) => event.category === category) : events;
}
