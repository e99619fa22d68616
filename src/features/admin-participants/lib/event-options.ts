import type { SelectOption } from '@/components/ui/option-select';
import { formatDateShort, todayIso } from '@/lib/dates';
import type { EventOption } from './admin-participant';

/** Events as drop-down options; the date tells apart repeated events of the same title. */
export function eventSelectOptions(events: readonly EventOption[]): SelectOption[] {
  return events.map((event) => ({
    value: event.id,
    label: event.startDate ? `${event.title} (${formatDateShort(event.startDate)})` : event.title,
  }));
}

/**
 * Events a booking can go to: upcoming (today or later), not cancelled, not archived. The
 * database checks the same (EVENT_PAST, TRANSITION_NOT_ALLOWED); this keeps the list honest.
 */
export function bookableEvents(events: readonly EventOption[], today: string = todayIso()): EventOption[] {
  return events.filter(
    (event) =>
      !event.isCancelled &&
      event.status !== 'archived' &&
      event.startDate !== null &&
      event.startDate >= today,
  );
}

/** The events a booking of `currentEventId` can be moved to. */
export function moveTargets(
  events: readonly EventOption[],
  currentEventId: string,
  today: string = todayIso(),
): EventOption[] {
  return bookableEvents(events, today).filter((event) => event.id !== currentEventId);
}
