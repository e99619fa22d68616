import { formatDateShort } from '@/lib/dates';
import { ticketCountsText } from '@/lib/admin-ticket-types';
import { useUpcomingEvents } from '../api/get-upcoming-events';
import { DashboardListCard } from './dashboard-list-card';

export function UpcomingEventsCard() {
  const events = useUpcomingEvents();
  return (
    <DashboardListCard
      title="Kommende Events"
      query={events}
      errorText="Die Events konnten nicht geladen werden."
      emptyText="Keine kommenden Events"
      toRow={(event) => ({
        href: `/admin/events/${event.id}`,
        title: event.title,
        detail: (
          <>
            {formatDateShort(event.startDate)}
            {event.time ? `, ${event.time}` : ''}
            {event.ticketCounts.length > 0 ? (
              <span className="block">{ticketCountsText(event.ticketCounts)}</span>
            ) : null}
          </>
        ),
        aside: (
          <>
            {event.currentParticipants}/{event.maxParticipants}
          </>
        ),
      })}
      asideClassName="text-sm tabular-nums"
    />
  );
}
