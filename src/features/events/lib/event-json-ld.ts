import type { PublicEvent } from '../types';
import { isSoldOut } from './availability';
import { eventSchedule } from '@common/event-time.ts';
import { zurichIsoString } from '@common/zurich-time.ts';

export interface JsonLdContext {
  /** Absolute URL of the event page. */
  pageUrl: string;
  /** Absolute URL of the event image, or null for the placeholder. */
  imageUrl: string | null;
  organizer: { name: string; url: string };
}

/** schema.org Event for search engines; dates carry the Zurich offset when the time is known. */
export function buildEventJsonLd(event: PublicEvent, context: JsonLdContext): Record<string, unknown> | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  // Without an end time the event has no endDate (schema.org: optional), as the .ics has no DTEND.
  const [startDate, endDate] =
    schedule.kind === 'timed'
      ? [zurichIsoString(schedule.start), schedule.end ? zurichIsoString(schedule.end) : undefined]
      : [schedule.firstDay, schedule.lastDay];
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate,
    ...(endDate ? { endDate } : {}),
    eventStatus: event.isCancelled
      ? 'https://schema.org/EventCancelled'
      : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.location,
      address: { '@type': 'PostalAddress', addressLocality: event.location, addressCountry: 'CH' },
    },
    ...(context.imageUrl ? { image: [context.imageUrl] } : {}),
    offers: {
      '@type': 'Offer',
      url: context.pageUrl,
      price: event.price.toFixed(2),
      priceCurrency: 'CHF',
      availability: isSoldOut(event) ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    },
    organizer: { '@type': 'Organization', ...context.organizer },
    maximumAttendeeCapacity: event.maxParticipants,
  };
}

/** JSON for a <script> element: '<' escaped so text like '</script>' cannot end the element. */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
