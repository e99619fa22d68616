import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ADMIN_CARDS_QUERY, useMediaQuery } from '@/components/media/use-media-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { formatDateShort } from '@/lib/dates';
import { personsLabel } from '@common/format.ts';
import { useWaitlist, useWaitlistEvent, type WaitlistRow } from '../api/get-waitlist';
import { useOfferWaitlistEntry, useRemoveWaitlistEntry } from '../api/waitlist-actions';
import { actionErrorText, canOffer, canRemove, statusLabel } from '../lib/waitlist-labels';
import { formatPhone } from '@common/contact-rules.ts';

/** `/admin/events/:id/warteliste`: the waiting list of one event, in its order. */
export function EventWaitlist({ eventId }: { eventId: string }) {
  const event = useWaitlistEvent(eventId);
  const list = useWaitlist(eventId);
  const title = event.data ? `Warteliste: ${event.data.title}` : 'Warteliste';
  const free = event.data
    ? Math.max(event.data.max_participants - event.data.current_participants - event.data.offered_persons, 0)
    : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">{title}</h1>
        <Button asChild variant="outline">
          <Link to={`/admin/events/${eventId}`}>
            <ArrowLeft aria-hidden="true" />
            Zum Event
          </Link>
        </Button>
      </div>
      {event.data ? (
        <p className="text-muted-foreground">
          {event.data.start_date ? `${formatDateShort(event.data.start_date)} · ` : ''}
          {event.data.current_participants} von {event.data.max_participants} Plätzen gebucht,{' '}
          {event.data.offered_persons} in offenen Angeboten, {free} frei.
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Einträge</CardTitle>
        </CardHeader>
        <CardContent>
          <ListState
            isPending={list.isPending}
            isError={list.isError}
            isEmpty={(list.data ?? []).length === 0}
            errorText="Fehler beim Laden der Warteliste"
            emptyText="Niemand steht auf der Warteliste."
          >
            <WaitlistEntries entries={list.data ?? []} />
          </ListState>
        </CardContent>
      </Card>
    </div>
  );
}

/** A table on a wide screen; below 1024 px one card per entry, its actions under its name. */
function WaitlistEntries({ entries }: { entries: WaitlistRow[] }) {
  const cards = useMediaQuery(ADMIN_CARDS_QUERY);
  if (cards) {
    return (
      <ul className="space-y-3">
        {entries.map((entry) => (
          <li key={entry.id} className="space-y-2 rounded-md border p-4">
            {/* Only a waiting or offered entry has a place in the queue; an ended one shows its
                status below ("-. Walter Warte" read as a broken number). */}
            <p className="font-medium">
              {entry.list_position === null ? entry.name : `${entry.list_position}. ${entry.name}`}
            </p>
            <EntryContact entry={entry} />
            <p className="text-sm">
              {personsLabel(entry.persons)} · {statusLabel(entry.status, entry.offer_expires_at)}
            </p>
            <EntryActions entry={entry} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Platz</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Kontakt</TableHead>
          <TableHead>Personen</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Aktionen</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>
              {entry.list_position ?? <span className="sr-only">kein Platz in der Warteliste</span>}
            </TableCell>
            <TableCell className="font-medium">{entry.name}</TableCell>
            <TableCell>
              <EntryContact entry={entry} />
            </TableCell>
            <TableCell>{entry.persons}</TableCell>
            <TableCell>{statusLabel(entry.status, entry.offer_expires_at)}</TableCell>
            <TableCell>
              <EntryActions entry={entry} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EntryContact({ entry }: { entry: WaitlistRow }) {
  return (
    <div className="break-all">
      <a href={`mailto:${entry.email}`} className="block underline-offset-4 hover:underline">
        {entry.email}
      </a>
      <a href={`tel:${entry.phone}`} className="block text-sm text-muted-foreground">
        {formatPhone(entry.phone)}
      </a>
    </div>
  );
}

function EntryActions({ entry }: { entry: WaitlistRow }) {
  const offer = useOfferWaitlistEntry();
  const remove = useRemoveWaitlistEntry();
  const busy = offer.isPending || remove.isPending;

  const act = (action: typeof offer, done: string) =>
    action.mutate(entry.id, {
      onSuccess: () => toast({ title: done, description: entry.name }),
      onError: (error) =>
        toast({ title: 'Nicht möglich', description: actionErrorText(error), variant: 'destructive' }),
    });

  return (
    <div className="flex flex-wrap gap-2 lg:justify-end">
      {canOffer(entry.status) ? (
        <Button
          size="sm"
          disabled={busy}
          aria-label={`Angebot senden an ${entry.name}`}
          onClick={() => act(offer, 'Angebot gesendet')}
        >
          Angebot senden
        </Button>
      ) : null}
      {canRemove(entry.status) ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={busy} aria-label={`${entry.name} entfernen`}>
              Entfernen
            </Button>
          }
          title="Eintrag entfernen?"
          description={`${entry.name} wird von der Warteliste entfernt. Ein offenes Angebot geht an die nächste Person.`}
          confirmLabel="Entfernen"
          onConfirm={() => act(remove, 'Eintrag entfernt')}
        />
      ) : null}
    </div>
  );
}
