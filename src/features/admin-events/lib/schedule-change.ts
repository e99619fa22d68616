import { clockText } from '@common/event-time.ts';
import type { AdminEvent, EventWrite } from './admin-event';

/** Date, time and place as they were before a save: what a change notice announces as "before". */
export interface ScheduleBefore {
  startDate?: string;
  endDate?: string;
  /** 'HH:MM' or null. */
  startTime: string | null;
  endTime: string | null;
  location: string;
}

/**
 * The schedule before the save when the save changed the date, time or place of an event somebody
 * has booked (not a new or cancelled one); otherwise null and nobody needs to be asked. (A waiting
 * list only exists beside bookings: it forms when the event is full.) Missing dates are left out:
 * the database reads them as "no date".
 */
export function scheduleChange(event: AdminEvent | null, saved: EventWrite): ScheduleBefore | null {
  if (!event || event.currentParticipants === 0 || event.isCancelled || saved.is_cancelled) return null;
  const changed =
    event.startDate !== saved.start_date ||
    event.endDate !== saved.end_date ||
    event.startTime !== clockText(saved.start_time) ||
    event.endTime !== clockText(saved.end_time) ||
    event.location !== saved.location;
  if (!changed) return null;
  return {
    startDate: event.startDate ?? undefined,
    endDate: event.endDate ?? undefined,
    startTime: event.startTime,
    endTime: event.endTime,
    location: event.location,
  };
}
