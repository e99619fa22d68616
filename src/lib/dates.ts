import { format, isValid, parseISO } from 'date-fns';
import { longDate } from '@common/calendar-dates.ts';
import { isoDay, zurichWallClock } from '@common/zurich-time.ts';

// An event's dates read the same on the site and in the mails: one implementation, beside the
// mail code (runtime-neutral, as event-time.ts).
export { formatDateRange } from '@common/calendar-dates.ts';
// A moment as 'dd.MM.yyyy HH:mm' in Zurich time ('' when unreadable): admin lists, CSV, the
// booking pages, and the mails (one implementation, Intl-free).
export { formatDateTime } from '@common/zurich-time.ts';

// All dates are shown in German (de-CH) and computed in the provider's time zone (zurich-time.ts).
export const INVALID_DATE = 'Ungültiges Datum';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** 'd. MMMM yyyy', e.g. '5. März 2026' (the mails' month names); INVALID_DATE when unreadable. */
export function formatDateLong(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? longDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() })
    : INVALID_DATE;
}

/** Admin format 'dd.MM.yyyy'. */
export function formatDateShort(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd.MM.yyyy') : INVALID_DATE;
}

/** Today's calendar date in Zurich as 'yyyy-MM-dd' (for "start_date >= today" filters). */
export function todayIso(now: Date = new Date()): string {
  return isoDay(zurichWallClock(now));
}
