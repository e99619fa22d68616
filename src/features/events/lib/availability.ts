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

/**
 * Card teaser text: at most `max` characters, cut at the last word boundary and ended with a
 * single '…' (no '...' after a space or a comma; a word longer than `max` is cut inside).
 */
export function truncateDescription(text: string, max = CARD_DESCRIPTION_LENGTH): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= max) return collapsed;
  const room = collapsed.slice(0, max); // the '…' comes on top, as the spec's '...' did
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?…–-]+$/u, '')}…`;
}
