import { format, isValid, parseISO } from 'date-fns';
import { de } from 'date-fns/locale';
import { TZDate } from '@date-fns/tz';

// All dates are shown in German (de-CH) and computed in the provider's time zone.
export const TIME_ZONE = 'Europe/Zurich';
export const INVALID_DATE = 'Ungültiges Datum';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** 'd. MMMM yyyy', e.g. '5. März 2026'. */
export function formatDateLong(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'd. MMMM yyyy', { locale: de }) : INVALID_DATE;
}

/** Admin format 'dd.MM.yyyy'. */
export function formatDateShort(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd.MM.yyyy') : INVALID_DATE;
}

/** 'start - end', or the single date when both are the same day or there is no end. */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDateLong(start);
  if (!end || end === start) return from;
  const to = formatDateLong(end);
  return from === to ? from : `${from} - ${to}`;
}

/** Today's calendar date in Zurich as 'yyyy-MM-dd' (for "start_date >= today" filters). */
export function todayIso(now: Date = new Date()): string {
  return format(new TZDate(now, TIME_ZONE), 'yyyy-MM-dd');
}

/** A point in time as 'dd.MM.yyyy HH:mm' in Zurich time ('' when unreadable): admin lists, CSV. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(new TZDate(date, TIME_ZONE), 'dd.MM.yyyy HH:mm') : '';
}
