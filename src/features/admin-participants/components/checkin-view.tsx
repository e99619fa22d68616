import { ArrowLeft, Printer, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListState } from '@/components/ui/list-state';
import { useCheckinList } from '../api/get-checkin-list';
import { checkinCounts, eventLine, searchByName } from '../lib/checkin';
import { CheckinPrintList } from './checkin-print-list';
import { CheckinRow } from './checkin-row';
import { TicketScanner } from './ticket-scanner';

/**
 * The door on the evening, made for a phone held in one hand: the counts and the name search
 * stay at the top while the list scrolls, and each row's check-in button sits at the right edge.
 * Printing gives the A4 list instead (CheckinPrintList).
 */
export function CheckinView({ eventId }: { eventId: string }) {
  const list = useCheckinList(eventId);
  const [search, setSearch] = useState('');
  const entries = list.data?.entries ?? [];
  const visible = searchByName(entries, search);
  const counts = checkinCounts(entries);

  if (list.isSuccess && list.data === null) {
    return (
      <div className="space-y-4 py-8 text-center">
        <h1 className="font-serif text-2xl font-semibold">Event nicht gefunden</h1>
        <Button asChild variant="outline">
          <Link to="/admin/events">Zurück zu den Events</Link>
        </Button>
      </div>
    );
  }

  return (
    <>
      <div className="space-y-4 print:hidden">
        <div className="flex items-center justify-between gap-2">
          <Button asChild variant="ghost" className="-ml-3">
            <Link to="/admin/events">
              <ArrowLeft aria-hidden="true" />
              Events
            </Link>
          </Button>
          <Button type="button" variant="outline" disabled={!list.data} onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Liste drucken
          </Button>
        </div>
        <div>
          <h1 className="font-serif text-2xl font-semibold sm:text-3xl">
            Check-in{list.data ? `: ${list.data.event.title}` : ''}
          </h1>
          {list.data ? <p className="text-muted-foreground">{eventLine(list.data.event)}</p> : null}
        </div>
        {list.data ? <TicketScanner eventId={eventId} /> : null}
        <ListState
          isPending={list.isPending}
          isError={list.isError}
          isEmpty={entries.length === 0}
          errorText="Die Check-in-Liste konnte nicht geladen werden. Bitte laden Sie die Seite neu."
          emptyText="Für dieses Event gibt es keine Anmeldungen."
        >
          <div className="sticky top-0 z-10 -mx-4 space-y-2 border-b bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
            <p role="status" className="flex items-baseline gap-2">
              <span className="text-3xl font-semibold tabular-nums">{counts.present}</span>{' '}
              <span>
                von <span className="font-semibold tabular-nums">{counts.expected}</span> Personen anwesend
              </span>
            </p>
            <div className="space-y-1">
              <Label htmlFor="checkin-search">Name suchen</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id="checkin-search"
                  type="search"
                  autoComplete="off"
                  className="h-12 pl-10 text-base"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </div>
          </div>
          {visible.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">Niemand mit diesem Namen angemeldet.</p>
          ) : (
            <ul className="divide-y rounded-lg border bg-card" aria-label="Anmeldungen">
              {visible.map((entry) => (
                <CheckinRow key={entry.id} eventId={eventId} entry={entry} />
              ))}
            </ul>
          )}
        </ListState>
      </div>
      {list.data ? <CheckinPrintList list={list.data} /> : null}
    </>
  );
}
