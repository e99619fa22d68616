import { ticketCountsText, useEventTicketCounts } from '@/lib/admin-ticket-types';

/** One event's booked persons per ticket type ('Erwachsene 12 · Kinder 5'); nothing without types. */
export function EventTicketCounts({ eventId }: { eventId: string }) {
  const counts = useEventTicketCounts(eventId);
  if (counts.isError)
    return <p className="text-sm text-destructive">Die Ticketarten konnten nicht geladen werden.</p>;
  if (!counts.data || counts.data.length === 0) return null;
  return <p className="text-sm">Gebucht nach Ticketart: {ticketCountsText(counts.data)}</p>;
}
