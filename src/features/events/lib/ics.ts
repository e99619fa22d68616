import { buildIcs, eventUid } from '@common/ics.ts';
import { site } from '@/lib/site';
import type { PublicEvent } from '../types';

// 'Zum Kalender hinzufügen' on an event's page: the iCalendar builder of the confirmation mail
// (supabase/functions/_common/ics.ts, one implementation for page and mail), with the event's
// own UID (a booking's entry is named by its reference, see bookingUid).

export interface EventIcsOptions {
  /** Absolute URL of the event page. */
  url: string;
  now?: Date;
}

/** The .ics file for one event, or null when the event has no date. */
export function buildEventIcs(event: PublicEvent, options: EventIcsOptions): string | null {
  const description = [
    event.subtitle,
    event.description,
    event.bringAlong ? `Mitbringen: ${event.bringAlong}` : null,
  ]
    .filter(Boolean)
    .join('\n\n');
  return buildIcs({
    uid: eventUid(event.id, site.url),
    title: event.title,
    description,
    location: event.location,
    startDate: event.startDate,
    endDate: event.endDate,
    startTime: event.startTime,
    endTime: event.endTime,
    url: options.url,
    now: options.now,
    cancelled: event.isCancelled,
  });
}
