import { EVENT_CATEGORIES, EVENT_STATUSES, type EventCategory, type EventStatus } from '@/lib/event-domain';
import type { AdminEvent } from './admin-event';

// The list filters live in the URL (?status=&time=&category=) so a reload keeps them.

export type StatusFilter = 'all' | EventStatus;
export type TimeFilter = 'all' | 'upcoming' | 'past';
export type CategoryFilter = 'all' | EventCategory;

export interface EventFilters {
  status: StatusFilter;
  time: TimeFilter;
  category: CategoryFilter;
}

/** What the server filters; the time filter runs on the client (see filterByTime). */
export type EventListQuery = Pick<EventFilters, 'status' | 'category'>;

export const DEFAULT_FILTERS: EventFilters = { status: 'all', time: 'upcoming', category: 'all' };

const TIME_FILTERS: readonly TimeFilter[] = ['all', 'upcoming', 'past'];

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

export function readFilters(params: URLSearchParams): EventFilters {
  return {
    status: pick<StatusFilter>(params.get('status'), ['all', ...EVENT_STATUSES], DEFAULT_FILTERS.status),
    time: pick<TimeFilter>(params.get('time'), TIME_FILTERS, DEFAULT_FILTERS.time),
    category: pick<CategoryFilter>(
      params.get('category'),
      ['all', ...EVENT_CATEGORIES],
      DEFAULT_FILTERS.category,
    ),
  };
}

/** Only non-default values go into the URL, keeping links short. */
export function writeFilters(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  (Object.keys(filters) as (keyof EventFilters)[]).forEach((key) => {
    if (filters[key] !== DEFAULT_FILTERS[key]) params.set(key, filters[key]);
  });
  return params;
}

/** Admin time filter on start_date; an event without a date counts as upcoming. */
export function filterByTime(events: AdminEvent[], time: TimeFilter, today: string): AdminEvent[] {
  if (time === 'all') return events;
  return events.filter((event) => {
    const upcoming = !event.startDate || event.startDate >= today;
    return time === 'upcoming' ? upcoming : !upcoming;
  });
}
