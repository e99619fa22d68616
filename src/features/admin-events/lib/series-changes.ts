// What an occurrence's save changed, as admin_edit_event_series takes it for "dieses und alle
// folgenden": only the columns that differ from the stored event, so the following occurrences
// keep everything else of their own (their dates, a description changed on one evening only).

import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { EventWrite } from './admin-event';

/** The columns admin_edit_event_series applies (end_date moves with start_date). */
const SERIES_COLUMNS = [
  'title',
  'subtitle',
  'description',
  'location',
  'start_date',
  'start_time',
  'end_time',
  'price',
  'max_participants',
  'max_persons_per_booking',
  'cancellation_deadline_hours',
  'status',
  'image_url',
  'payment_methods',
  'is_sold_out',
  'bring_along',
  'questions',
  'min_age',
  'max_age',
] as const satisfies readonly (keyof EventWrite)[];

type SeriesColumn = (typeof SERIES_COLUMNS)[number];
export type SeriesChanges = Partial<Pick<EventWrite, SeriesColumn>>;

export interface SeriesDiff {
  changes: SeriesChanges;
  /** Changed columns the following occurrences cannot take (only "nur dieses"). */
  unsupported: (keyof EventWrite)[];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function length(write: EventWrite): number | null {
  return write.start_date && write.end_date
    ? differenceInCalendarDays(parseISO(write.end_date), parseISO(write.start_date))
    : null;
}

/** `before`: the stored event as the form writes it; `after`: the form's save. */
export function seriesDiff(before: EventWrite, after: EventWrite): SeriesDiff {
  const changes: Record<string, unknown> = {};
  for (const column of SERIES_COLUMNS) {
    if (!same(before[column], after[column])) changes[column] = after[column];
  }
  const unsupported: (keyof EventWrite)[] = [];
  if (before.category !== after.category) unsupported.push('category');
  if (before.is_cancelled !== after.is_cancelled) unsupported.push('is_cancelled');
  // A date can move (every following one by the same days), not disappear; the length of a
  // multi-day occurrence stays.
  if ('start_date' in changes && after.start_date === null) unsupported.push('start_date');
  if (length(before) !== length(after)) unsupported.push('end_date');
  return { changes: changes as SeriesChanges, unsupported };
}
