import type { PublicEvent } from '../types';

/** Sold out by the admin's flag or because every seat is taken. */
export function isFullyBooked(
  event: Pick<PublicEvent, 'isSoldOut' | 'currentParticipants' | 'maxParticipants'>,
): boolean {
  return event.isSoldOut || event.currentParticipants >= event.maxParticipants;
}

export function freeSeats(event: Pick<PublicEvent, 'currentParticipants' | 'maxParticipants'>): number {
  return Math.max(0, event.maxParticipants - event.currentParticipants);
}

export type Availability = 'cancelled' | 'sold-out' | 'open';

/** Cancelled takes precedence over sold out (spec §4). */
export function availabilityOf(event: PublicEvent): Availability {
  if (event.isCancelled) return 'cancelled';
  if (isFullyBooked(event)) return 'sold-out';
  return 'open';
}

/** Label of the disabled booking button of an event that cannot be booked. */
export const UNAVAILABLE_LABELS: Record<Exclude<Availability, 'open'>, string> = {
  cancelled: 'Abgesagt',
  'sold-out': 'Ausgebucht',
};

export function capacityText(event: PublicEvent): string {
  return isFullyBooked(event)
    ? `Ausgebucht (max. ${event.maxParticipants} Teilnehmer)`
    : `Max. ${event.maxParticipants} Teilnehmer`;
}

export const CARD_DESCRIPTION_LENGTH = 100;

/** Card teaser text: the first 100 characters plus '...' when longer. */
export function truncateDescription(text: string, max = CARD_DESCRIPTION_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
