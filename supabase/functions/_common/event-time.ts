import { zurichInstant } from './zurich-time.ts';

// An event's time: start_date + start_time and coalesce(end_date, start_date) + end_time, wall
// clock in Zurich (supabase/migrations/20261128010000_event_times.sql). The database turns them
// into instants in private.event_schedule (the cancellation deadline); this module does the same
// for the page, the JSON-LD, the .ics of page and mail and the mails' texts, by the same rule:
// no start time = the start day from midnight (an all-day entry), no end time = no end.

/** The columns as PostgREST and the mail payloads send them: 'yyyy-MM-dd', 'HH:MM[:SS]' or null. */
export interface EventTimes {
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'HH:MM' of a time column ('18:30:00' from PostgREST, '18:30' from a payload); null otherwise. */
export function clockText(value: string | null | undefined): string | null {
  const match = CLOCK.exec(value ?? '');
  return match ? `${match[1]}:${match[2]}` : null;
}

/** The time as everybody reads it: '09:00–11:30 Uhr', '18:30 Uhr', or '' without a start time. */
export function displayTime(
  startTime: string | null | undefined,
  endTime: string | null | undefined,
): string {
  const start = clockText(startTime);
  if (!start) return '';
  const end = clockText(endTime);
  return end ? `${start}–${end} Uhr` : `${start} Uhr`;
}

export type EventSchedule =
  /** `end` is null when the event has no end time. */
  | { kind: 'timed'; start: Date; end: Date | null }
  /** Inclusive first and last day, 'yyyy-MM-dd'. */
  | { kind: 'all-day'; firstDay: string; lastDay: string };

/** `day` ('yyyy-MM-dd') at `clock` ('HH:MM') on Zurich's clocks. */
function zurichAt(day: string, clock: string): Date | null {
  const date = DAY.exec(day);
  if (!date) return null;
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return zurichInstant(Number(date[1]), Number(date[2]), Number(date[3]), hours, minutes);
}

/** When the event happens (as private.event_schedule computes it); null without a start date. */
export function eventSchedule(event: EventTimes): EventSchedule | null {
  if (!event.startDate || !DAY.test(event.startDate)) return null;
  const lastDay = event.endDate && event.endDate > event.startDate ? event.endDate : event.startDate;
  const startTime = clockText(event.startTime);
  if (!startTime) return { kind: 'all-day', firstDay: event.startDate, lastDay };
  const start = zurichAt(event.startDate, startTime);
  if (!start) return null;
  const endTime = clockText(event.endTime);
  return { kind: 'timed', start, end: endTime ? zurichAt(lastDay, endTime) : null };
}
