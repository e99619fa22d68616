import { REFUND_OPEN_FILTER, type AdminParticipant } from './admin-participant';

export interface ParticipantFilters {
  /** Matches name or e-mail, case-insensitive. */
  search: string;
  /** 'all' or an event id. */
  eventId: string;
  /** 'all' or a payment status. */
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

export function filterParticipants(
  participants: AdminParticipant[],
  filters: ParticipantFilters,
): AdminParticipant[] {
  const needle = filters.search.trim().toLowerCase();
  return participants.filter(
    (p) =>
      (filters.eventId === 'all' || p.eventId === filters.eventId) &&
      (filters.status === 'all' ||
        p.paymentStatus === filters.status ||
        (filters.status === REFUND_OPEN_FILTER && p.refundOpen)) &&
      (!needle || p.name.toLowerCase().includes(needle) || p.email.toLowerCase().includes(needle)),
  );
}

export interface ParticipantStats {
  /** Distinct people, counted by e-mail. */
  uniqueParticipants: number;
  paid: number;
  pending: number;
  registrations: number;
}

export function participantStats(participants: AdminParticipant[]): ParticipantStats {
  return {
    uniqueParticipants: new Set(participants.map((p) => p.email.trim().toLowerCase())).size,
    paid: participants.filter((p) => p.paymentStatus === 'paid').length,
    pending: participants.filter((p) => p.paymentStatus === 'pending').length,
    registrations: participants.length,
  };
}
