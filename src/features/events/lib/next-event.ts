import { formatEventPrice } from '@common/format.ts';
import type { PublicEvent } from '../types';
import { ageRangeText } from './ages';
import { displayDate } from './event-schedule';

/**
 * The event an offer page's 'Auf einen Blick' speaks for: the first of the (date-ordered) list
 * that takes place. A cancelled evening has no price or place to promise; samples (shown while
 * the database is unreachable) are no facts at all.
 */
export function nextEventOf(events: readonly PublicEvent[]): PublicEvent | null {
  return events.find((event) => !event.isSample && !event.isCancelled) ?? null;
}

/** What of an event is a fact of the offer page: when, for which ages, what it costs, where. */
export interface NextEventFacts {
  date: string;
  /** '5–10 Jahre', 'ab 5 Jahren'; null when the event states no ages. */
  ages: string | null;
  price: string;
  /** Null when the event names no place. */
  place: string | null;
}

export function nextEventFacts(event: PublicEvent): NextEventFacts {
  return {
    date: displayDate(event),
    ages: ageRangeText(event.minAge, event.maxAge),
    price: formatEventPrice(event.price, event.priceFrom),
    place: event.location.trim() === '' ? null : event.location.trim(),
  };
}
