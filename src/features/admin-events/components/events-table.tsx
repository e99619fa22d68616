import { Copy, Pencil } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateShort } from '@/lib/dates';
import { categoryLabel, type AdminEvent } from '../lib/admin-event';
import { EventStatusBadge } from './event-status-badge';

interface EventsTableProps {
  events: AdminEvent[];
  /** Id of the event being copied right now, if any. */
  cloningId: string | null;
  onClone: (event: AdminEvent) => void;
}

export function EventsTable({ events, cloningId, onClone }: EventsTableProps) {
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
            <TableCell>{event.startDate ? formatDateShort(event.startDate) : 'Ohne Datum'}</TableCell>
            <TableCell>
              <EventStatusBadge status={event.status} />
            </TableCell>
            <TableCell>
              {event.currentParticipants}/{event.maxParticipants}
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-2">
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
                  {cloningId === event.id ? 'Wird kopiert...' : 'Kopieren'}
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
