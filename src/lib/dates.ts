import { format, isValid, parseISO } from 'date-fns';
import { isoDay, zurichWallClock } from './zurich-time';

// All dates are shown in German (de-CH) and computed in the provider's time zone (zurich-time.ts).
export const INVALID_DATE = 'Ungültiges Datum';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

// The German month names, the only locale data the site formats with. Written out instead of
// date-fns' `de` locale, which brings its whole locale (relative times, parsing: ~5 KB gzip) to
// every page that shows a date; Intl would depend on the ICU data of the build and the browser.
const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** 'd. MMMM yyyy', e.g. '5. März 2026'. */
export function formatDateLong(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${date.getDate()}. ${MONTHS[date.getMonth()]} ${format(date, 'yyyy')}` : INVALID_DATE;
}

/** Admin format 'dd.MM.yyyy'. */
export function formatDateShort(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd.MM.yyyy') : INVALID_DATE;
}

/** 'start – end' (en dash, as time ranges), or the single date when both are the same day or there is no end. */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDateLong(start);
  if (!end || end === start) return from;
  const to = formatDateLong(end);
  return from === to ? from : `${from} – ${to}`;
}

/** Today's calendar date in Zurich as 'yyyy-MM-dd' (for "start_date >= today" filters). */
export function todayIso(now: Date = new Date()): string {
  return isoDay(zurichWallClock(now));
}

/** A point in time as 'dd.MM.yyyy HH:mm' in Zurich time ('' when unreadable): admin lists, CSV. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const clock = zurichWallClock(date);
  const two = (part: number) => String(part).padStart(2, '0');
  return `${two(clock.day)}.${two(clock.month)}.${clock.year} ${two(clock.hours)}:${two(clock.minutes)}`;
}
