import { ClipboardCheck, Copy, Pencil } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ADMIN_CARDS_QUERY, useMediaQuery } from '@/components/media/use-media-query';
import { formatDateShort } from '@/lib/dates';
import { categoryLabel, type AdminEvent } from '../lib/admin-event';
import { EventStateBadges } from './event-status-badge';

/** Below this width the rows become cards (a table would scroll sideways on a phone). */

interface EventsTableProps {
  events: AdminEvent[];
  /** Id of the event being copied right now, if any. */
  cloningId: string | null;
  onClone: (event: AdminEvent) => void;
}

function eventDate(event: AdminEvent): string {
  return event.startDate ? formatDateShort(event.startDate) : 'Ohne Datum';
}

/** The same actions, in the same order, on every row and card. */
function EventActions({
  event,
  cloningId,
  onClone,
}: { event: AdminEvent } & Omit<EventsTableProps, 'events'>) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/events/${event.id}/edit`} aria-label={`${event.title} bearbeiten`}>
          <Pencil aria-hidden="true" />
          Bearbeiten
        </Link>
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={cloningId !== null}
        onClick={() => onClone(event)}
        aria-label={`${event.title} kopieren`}
      >
        <Copy aria-hidden="true" />
        {cloningId === event.id ? 'Wird kopiert…' : 'Kopieren'}
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/events/${event.id}/checkin`} aria-label={`Check-in für ${event.title}`}>
          <ClipboardCheck aria-hidden="true" />
          Check-in
        </Link>
      </Button>
    </>
  );
}

function EventCards({ events, ...actions }: EventsTableProps) {
  return (
    <ul className="divide-y" aria-label="Events">
      {events.map((event) => (
        <li key={event.id} className="space-y-2 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Link to={`/admin/events/${event.id}`} className="font-medium hover:underline">
              {event.title}
            </Link>
            <EventStateBadges
              status={event.status}
              isCancelled={event.isCancelled}
              isSoldOut={event.isSoldOut}
              inSeries={event.seriesId !== null}
            />
          </div>
          <p className="text-sm text-muted-foreground">
            {eventDate(event)} · {categoryLabel(event.category)} · {event.currentParticipants}/
            {event.maxParticipants} Teilnehmer
          </p>
          <div className="grid grid-cols-3 gap-2 [&>*]:w-full">
            <EventActions event={event} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function EventsTable(props: EventsTableProps) {
  const cards = useMediaQuery(ADMIN_CARDS_QUERY);
  if (cards) return <EventCards {...props} />;
  const { events, ...actions } = props;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Titel</TableHead>
          <TableHead>Kategorie</TableHead>
          <TableHead>Datum</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Teilnehmer</TableHead>
          <TableHead className="text-right">Aktionen</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="font-medium">
              <Link to={`/admin/events/${event.id}`} className="hover:underline">
                {event.title}
              </Link>
            </TableCell>
            <TableCell>{categoryLabel(event.category)}</TableCell>
            <TableCell>{eventDate(event)}</TableCell>
            <TableCell>
              <EventStateBadges
                status={event.status}
                isCancelled={event.isCancelled}
                isSoldOut={event.isSoldOut}
                inSeries={event.seriesId !== null}
              />
            </TableCell>
            <TableCell>
              {event.currentParticipants}/{event.maxParticipants}
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-2">
                <EventActions event={event} {...actions} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
