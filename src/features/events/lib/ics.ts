import { addDays, format, parseISO } from 'date-fns';
import type { PublicEvent } from '../types';
import { eventSchedule } from './event-schedule';

// iCalendar (RFC 5545) for 'Zum Kalender hinzufügen'. Times are written in UTC, which every
// calendar converts back to the reader's zone without needing a VTIMEZONE block.
const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function utcStamp(date: Date): string {
  // A TZDate prints its own zone; a plain Date of the same instant prints UTC.
  return new Date(date.getTime())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function dayStamp(day: string): string {
  return day.replace(/-/g, '');
}

export interface IcsOptions {
  /** Absolute URL of the event page. */
  url: string;
  /** Host used in the UID, e.g. 'www.sinneswerk.ch'. */
  host: string;
  now?: Date;
}

/** The .ics file for one event, or null when the event has no date. */
export function buildEventIcs(event: PublicEvent, options: IcsOptions): string | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  const when =
    schedule.kind === 'timed'
      ? [`DTSTART:${utcStamp(schedule.start)}`, `DTEND:${utcStamp(schedule.end)}`]
      : [
          `DTSTART;VALUE=DATE:${dayStamp(schedule.firstDay)}`,
          // DTEND of an all-day event is exclusive: the day after the last day.
          `DTEND;VALUE=DATE:${format(addDays(parseISO(schedule.lastDay), 1), 'yyyyMMdd')}`,
        ];
  const description = [
    event.subtitle,
    event.description,
    event.bringAlong ? `Mitbringen: ${event.bringAlong}` : null,
  ]
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(options.host)}//Events//DE`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${options.host}`,
    `DTSTAMP:${utcStamp(options.now ?? new Date())}`,
    ...when,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    `URL:${options.url}`,
    `STATUS:${event.isCancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
