import type { EventAvailability, PublicEvent } from '../types';

// The database decides availability (public.availability(events), docs/data-model.md); this
// module only turns its answer into what the pages show.

export type BookingState = 'open' | 'cancelled' | 'sold-out' | 'past' | 'unavailable';

const STATE_OF_REASON: Record<NonNullable<EventAvailability['reason']>, BookingState> = {
  cancelled: 'cancelled',
  past: 'past',
  closed: 'sold-out',
  full: 'sold-out',
  draft: 'unavailable',
  archived: 'unavailable',
};

/** Cancelled takes precedence over past, which takes precedence over sold out (the database's order). */
export function bookingStateOf(event: Pick<PublicEvent, 'availability'>): BookingState {
  const { reason } = event.availability;
  return reason === null ? 'open' : STATE_OF_REASON[reason];
}

export function isSoldOut(event: Pick<PublicEvent, 'availability'>): boolean {
  return bookingStateOf(event) === 'sold-out';
}

/**
 * How many persons one waiting-list entry may ask for: the event's per-booking limit (the
 * database's join_waitlist refuses more), and never more than the event holds at all.
 */
export function waitlistMaxPersons(
  event: Pick<PublicEvent, 'maxParticipants' | 'maxPersonsPerBooking'>,
): number {
  return Math.min(event.maxParticipants, event.maxPersonsPerBooking);
}

export function freeSeats(event: Pick<PublicEvent, 'availability'>): number {
  return event.availability.seatsLeft;
}

/** Label of the disabled booking button of an event that cannot be booked. */
export const UNAVAILABLE_LABELS: Record<Exclude<BookingState, 'open'>, string> = {
  cancelled: 'Abgesagt',
  'sold-out': 'Ausgebucht',
  past: 'Vorbei',
  unavailable: 'Nicht buchbar',
};

export function capacityText(event: Pick<PublicEvent, 'availability' | 'maxParticipants'>): string {
  return isSoldOut(event)
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
