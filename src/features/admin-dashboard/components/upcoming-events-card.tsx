import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateShort } from '@/lib/dates';
import { useUpcomingEvents } from '../api/get-upcoming-events';

export function UpcomingEventsCard() {
  const events = useUpcomingEvents();
  return (
    <Card role="region" aria-label="Kommende Events">
      <CardHeader>
        <CardTitle>Kommende Events</CardTitle>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Spinner />
        ) : events.isError ? (
          <p className="text-sm text-destructive">Die Events konnten nicht geladen werden.</p>
        ) : events.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Keine kommenden Events</p>
        ) : (
          <ul className="divide-y">
            {events.data.map((event) => (
              <li key={event.id} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <Link to={`/admin/events/${event.id}`} className="font-medium hover:underline">
                    {event.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {formatDateShort(event.startDate)}
                    {event.time ? `, ${event.time}` : ''}
                  </p>
                </div>
                <span className="text-sm tabular-nums">
                  {event.currentParticipants}/{event.maxParticipants}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
