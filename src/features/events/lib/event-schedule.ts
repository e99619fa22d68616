import { formatDateRange } from '@/lib/dates';
import { SAMPLE_DATE_TEXT } from '../texts';
import type { PublicEvent } from '../types';

/** The date line of an event; samples have none to show (SAMPLE_DATE_TEXT). */
export function displayDate(event: Pick<PublicEvent, 'startDate' | 'endDate' | 'isSample'>): string {
  return event.isSample ? SAMPLE_DATE_TEXT : formatDateRange(event.startDate, event.endDate);
}
