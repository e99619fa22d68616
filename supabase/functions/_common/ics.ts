import { eventSchedule, type EventTimes } from './event-time.ts';

// An iCalendar (RFC 5545) file with one event, attached to the confirmation mail and offered on
// the event and confirmation pages. Times are written in UTC so no VTIMEZONE block is needed;
// start and end come from eventSchedule (event-time.ts), the rule the database's deadline uses.
// Without a start time the event is an all-day entry; without an end time it has no DTEND.

export interface CalendarEvent extends EventTimes {
  uid: string;
  title: string;
  description: string;
  location: string;
  url?: string;
  now?: Date;
  /** Written as STATUS (CANCELLED / CONFIRMED) when given: the event page's entry of an event. */
  cancelled?: boolean;
}

function hostOf(siteUrl: string): string {
  return new URL(siteUrl).hostname;
}

/**
 * The UID of a booking's calendar entry: the same in the confirmation mail's attachment and on the
 * confirmation page, so importing both updates one entry instead of adding a second.
 */
export function bookingUid(reference: string, siteUrl: string): string {
  return `${reference}@${hostOf(siteUrl)}`;
}

/** The UID of an event's own entry (its page's 'Zum Kalender hinzufügen', no booking). */
export function eventUid(eventId: string, siteUrl: string): string {
  return `${eventId}@${hostOf(siteUrl)}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function utcStamp(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** 'yyyy-MM-dd' -> 'yyyyMMdd', `plusDays` later. */
function dateStamp(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const d = new Date(Date.UTC(year, month - 1, date + plusDays));
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The .ics text, or null when the event has no date to put in a calendar. */
export function buildIcs(event: CalendarEvent): string | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  const when =
    schedule.kind === 'timed'
      ? [`DTSTART:${utcStamp(schedule.start)}`, ...(schedule.end ? [`DTEND:${utcStamp(schedule.end)}`] : [])]
      : [
          `DTSTART;VALUE=DATE:${dateStamp(schedule.firstDay)}`,
          `DTEND;VALUE=DATE:${dateStamp(schedule.lastDay, 1)}`,
        ];

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sinneswerk//Anmeldung//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.now ?? new Date())}`,
    ...when,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.cancelled === undefined ? [] : [`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Base64 of the UTF-8 bytes (btoa alone only handles Latin-1). */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
