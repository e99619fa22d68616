import { TZDate } from '@date-fns/tz';
import { addDays, parseISO } from 'date-fns';
import { TIME_ZONE, formatDateRange } from '@/lib/dates';
import { SAMPLE_DATE_TEXT } from '../texts';
import type { PublicEvent } from '../types';

export interface ClockTime {
  hours: number;
  minutes: number;
}

// '18:30 - 21:30', '18.30-21.30', '09:00 – 11:30 Uhr', '14:00 bis 17:00'.
const TIME_RANGE = /\b(\d{1,2})[:.](\d{2})\s*(?:Uhr)?\s*(?:-|–|—|bis)\s*(\d{1,2})[:.](\d{2})\b/i;

function clock(hours: string, minutes: string): ClockTime | null {
  const value = { hours: Number(hours), minutes: Number(minutes) };
  return value.hours <= 23 && value.minutes <= 59 ? value : null;
}

/** Start and end of day from the free-text time field, or null when it names no clear range. */
export function parseTimeRange(text: string): { start: ClockTime; end: ClockTime } | null {
  const match = TIME_RANGE.exec(text);
  if (!match) return null;
  // All four groups are mandatory in the pattern, so a match has them; the defaults are for the type.
  const [, startHours = '', startMinutes = '', endHours = '', endMinutes = ''] = match;
  const start = clock(startHours, startMinutes);
  const end = clock(endHours, endMinutes);
  return start && end ? { start, end } : null;
}

const pad = (time: ClockTime) =>
  `${String(time.hours).padStart(2, '0')}:${String(time.minutes).padStart(2, '0')}`;

/**
 * The time text as visitors read it everywhere: a clear range in one form, '09:00–11:30 Uhr'
 * (en dash, no spaces); any other text as the provider wrote it.
 */
export function displayTime(text: string): string {
  const range = parseTimeRange(text);
  return range ? `${pad(range.start)}–${pad(range.end)} Uhr` : text.trim();
}

/** The date line of an event; samples have none to show (SAMPLE_DATE_TEXT). */
export function displayDate(event: Pick<PublicEvent, 'startDate' | 'endDate' | 'isSample'>): string {
  return event.isSample ? SAMPLE_DATE_TEXT : formatDateRange(event.startDate, event.endDate);
}

export type EventSchedule =
  | { kind: 'timed'; start: TZDate; end: TZDate }
  /** Inclusive first and last day, 'yyyy-MM-dd'. */
  | { kind: 'all-day'; firstDay: string; lastDay: string };

function zurichTime(day: string, time: ClockTime): TZDate {
  const date = parseISO(day);
  return new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), time.hours, time.minutes, TIME_ZONE);
}

/**
 * When the event happens, in Zurich local time. Timed only when the time text gives a range;
 * an end before the start on the same day means the event runs past midnight.
 */
export function eventSchedule(
  event: Pick<PublicEvent, 'startDate' | 'endDate' | 'time'>,
): EventSchedule | null {
  if (!event.startDate) return null;
  const lastDay = event.endDate && event.endDate > event.startDate ? event.endDate : event.startDate;
  const range = parseTimeRange(event.time);
  if (!range) return { kind: 'all-day', firstDay: event.startDate, lastDay };
  const start = zurichTime(event.startDate, range.start);
  let end = zurichTime(lastDay, range.end);
  if (end <= start) end = addDays(end, 1);
  return { kind: 'timed', start, end };
}
