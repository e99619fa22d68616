import { formatDateRange } from '@/lib/dates';
import { zurichInstant } from '@/lib/zurich-time';
import { parseTimeRange, type ClockTime } from '@common/time-range.ts';
import { SAMPLE_DATE_TEXT } from '../texts';
import type { PublicEvent } from '../types';

/** The date line of an event; samples have none to show (SAMPLE_DATE_TEXT). */
export function displayDate(event: Pick<PublicEvent, 'startDate' | 'endDate' | 'isSample'>): string {
  return event.isSample ? SAMPLE_DATE_TEXT : formatDateRange(event.startDate, event.endDate);
}

export type EventSchedule =
  | { kind: 'timed'; start: Date; end: Date }
  /** Inclusive first and last day, 'yyyy-MM-dd'. */
  | { kind: 'all-day'; firstDay: string; lastDay: string };

/** `day` ('yyyy-MM-dd') at `time` on Zurich's clocks, `laterDays` days on. */
function zurichTime(day: string, time: ClockTime, laterDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zurichInstant(year, month, date + laterDays, time.hours, time.minutes);
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
  if (end <= start) end = zurichTime(lastDay, range.end, 1);
  return { kind: 'timed', start, end };
}
