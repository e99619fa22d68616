import {
  MONEY_OPEN_FILTER,
  NEEDS_REVIEW_FILTER,
  REFUND_OPEN_FILTER,
  type AdminParticipant,
} from './admin-participant';
import { holdsSeats } from './booking-state';

export interface ParticipantFilters {
  /** Matches name or e-mail, case-insensitive. */
  search: string;
  /** 'all' or an event id. */
  eventId: string;
  /** 'all', a booking status, or one of the money filters (open, to check, refund open). */
  status: string;
}

export const DEFAULT_PARTICIPANT_FILTERS: ParticipantFilters = { search: '', eventId: 'all', status: 'all' };

// URL names: ?suche=…&event=…&status=…&ansicht=erweitert (defaults are left out).
export function filtersFromParams(params: URLSearchParams): {
  filters: ParticipantFilters;
  extended: boolean;
} {
  return {
    filters: {
      search: params.get('suche') ?? DEFAULT_PARTICIPANT_FILTERS.search,
      eventId: params.get('event') ?? DEFAULT_PARTICIPANT_FILTERS.eventId,
      status: params.get('status') ?? DEFAULT_PARTICIPANT_FILTERS.status,
    },
    extended: params.get('ansicht') === 'erweitert',
  };
}

export function filtersToParams(filters: ParticipantFilters, extended: boolean): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('suche', filters.search);
  if (filters.eventId !== 'all') params.set('event', filters.eventId);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (extended) params.set('ansicht', 'erweitert');
  return params;
}

function matchesStatus(p: AdminParticipant, status: string): boolean {
  if (status === 'all') return true;
  if (status === REFUND_OPEN_FILTER) return p.refundOpen;
  if (status === NEEDS_REVIEW_FILTER) return p.needsReview;
  if (status === MONEY_OPEN_FILTER) return holdsSeats(p.status) && p.openCents > 0;
  return p.status === status;
}

export function filterParticipants(
  participants: AdminParticipant[],
  filters: ParticipantFilters,
): AdminParticipant[] {
  const needle = filters.search.trim().toLowerCase();
  return participants.filter(
    (p) =>
      (filters.eventId === 'all' || p.eventId === filters.eventId) &&
      matchesStatus(p, filters.status) &&
      (!needle || p.name.toLowerCase().includes(needle) || p.email.toLowerCase().includes(needle)),
  );
}

export interface ParticipantStats {
  /** Distinct people, counted by e-mail. */
  uniqueParticipants: number;
  /** Bookings holding seats with nothing open (paid, or nothing owed). */
  settled: number;
  /** Bookings holding seats with an amount open. */
  open: number;
  registrations: number;
}

export function participantStats(participants: AdminParticipant[]): ParticipantStats {
  return {
    uniqueParticipants: new Set(participants.map((p) => p.email.trim().toLowerCase())).size,
    settled: participants.filter((p) => holdsSeats(p.status) && p.openCents === 0).length,
    open: participants.filter((p) => holdsSeats(p.status) && p.openCents > 0).length,
    registrations: participants.length,
  };
}
