import { parseCalendarDate } from './format.ts';

// An iCalendar (RFC 5545) file with one event, attached to the confirmation mail. Times are
// written in UTC so no VTIMEZONE block is needed; the event's free-text time ('18:30 - 21:30',
// '10.00 Uhr') is read in the provider's zone, Europe/Zurich. Without any recognisable time the
// event is an all-day entry.

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  startDate: string | null;
  endDate: string | null;
  time: string;
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

const ZONE = 'Europe/Zurich';
const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function zoneOffsetMs(instant: number): number {
  const parts = Object.fromEntries(zoneParts.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Wall-clock time in Zurich -> the instant. Re-checked once so DST transitions land right. */
export function zurichToUtc(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetMs(wall);
  const second = wall - zoneOffsetMs(first);
  return new Date(second);
}

function parseTimes(text: string): Array<{ hour: number; minute: number }> {
  return [...text.matchAll(/\b([01]?\d|2[0-3])[:.]([0-5]\d)\b/g)].map((m) => ({
    hour: +m[1]!,
    minute: +m[2]!,
  }));
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

function dateStamp(date: { year: number; month: number; day: number }, plusDays = 0): string {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + plusDays));
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
  const start = parseCalendarDate(event.startDate);
  if (!start) return null;
  const end = parseCalendarDate(event.endDate) ?? start;
  const times = parseTimes(event.time);

  const when: string[] = [];
  const first = times[0];
  if (first) {
    const startsAt = zurichToUtc(start.year, start.month, start.day, first.hour, first.minute);
    const last = times[1];
    let endsAt = last
      ? zurichToUtc(end.year, end.month, end.day, last.hour, last.minute)
      : new Date(startsAt.getTime() + DEFAULT_DURATION_MS);
    // '22:00 - 01:00' ends after midnight; anything else odd gets the default length.
    if (last && endsAt <= startsAt) endsAt = new Date(endsAt.getTime() + DAY_MS);
    if (endsAt <= startsAt) endsAt = new Date(startsAt.getTime() + DEFAULT_DURATION_MS);
    when.push(`DTSTART:${utcStamp(startsAt)}`, `DTEND:${utcStamp(endsAt)}`);
  } else {
    when.push(`DTSTART;VALUE=DATE:${dateStamp(start)}`, `DTEND;VALUE=DATE:${dateStamp(end, 1)}`);
  }

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
