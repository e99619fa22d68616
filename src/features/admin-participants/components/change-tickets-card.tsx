import { Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useTicketTypes } from '@/lib/admin-ticket-types';
import { formatTickets, personsLabel, ticketsGrossCents, type TicketLine } from '@common/format.ts';
import { useChangePersons } from '../api/booking-transitions';
import type { AdminParticipant } from '../lib/admin-participant';
import { moneyAfter } from '../lib/booking-state';
import { BookingActionDialog } from './booking-action-dialog';

const MAX_PER_TYPE = 50;

/**
 * 'Tickets ändern' for a booking with ticket types (issue 28): a count per type of the event; the
 * persons are their sum. A type already booked keeps its booked price, a new one takes today's
 * (private.write_booking_tickets), and so does the amount shown before confirming.
 */
export function ChangeTicketsCard({
  participant: p,
  tickets: bookedLines,
}: {
  participant: AdminParticipant;
  /** The booking's tickets as booked (its `tickets`, known to be there). */
  tickets: TicketLine[];
}) {
  const types = useTicketTypes(p.eventId);
  const change = useChangePersons();
  const booked = new Map(bookedLines.map((line) => [line.name, line]));
  const [counts, setCounts] = useState<Record<string, number>>({});
  const list = types.data ?? [];
  const countOf = (name: string, id: string) => counts[id] ?? booked.get(name)?.persons ?? 0;
  const lines = list.map((type) => ({
    id: type.id,
    name: type.name,
    persons: countOf(type.name, type.id),
    price_cents: booked.get(type.name)?.price_cents ?? Math.round(type.price * 100),
  }));
  const persons = lines.reduce((sum, line) => sum + line.persons, 0);
  const changed = lines.some((line) => line.persons !== (booked.get(line.name)?.persons ?? 0));
  const valid =
    changed && persons >= 1 && lines.every((line) => Number.isInteger(line.persons) && line.persons >= 0);
  const grossCents = ticketsGrossCents(lines);
  const online = p.paymentMethod === 'stripe';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Tickets ändern</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {lines.map((line) => (
            <div key={line.id} className="grid gap-1.5">
              <Label htmlFor={`tickets-${p.id}-${line.id}`}>{line.name}</Label>
              <Input
                id={`tickets-${p.id}-${line.id}`}
                type="number"
                min={0}
                max={MAX_PER_TYPE}
                step={1}
                value={Number.isNaN(line.persons) ? '' : line.persons}
                onChange={(event) =>
                  setCounts({
                    ...counts,
                    [line.id]: event.target.value === '' ? Number.NaN : event.target.valueAsNumber,
                  })
                }
              />
            </div>
          ))}
        </div>
        <BookingActionDialog
          trigger={
            <Button type="button" disabled={!valid}>
              <Users aria-hidden="true" />
              Tickets ändern
            </Button>
          }
          title="Tickets ändern"
          description={
            <>
              <p>
                {formatTickets(bookedLines)} → {formatTickets(lines.filter((line) => line.persons > 0))} (
                {personsLabel(persons)}).
              </p>
              <p>{moneyAfter(grossCents, p)}</p>
              <p>
                {p.name} erhält eine E-Mail mit den neuen Tickets und dem Betrag
                {online ? ' und kann einen offenen Betrag online bezahlen' : ''}.
              </p>
            </>
          }
          confirmLabel="Tickets ändern"
          overrideLabel="Trotzdem ändern (Überbuchung)"
          onConfirm={async (override) => {
            const tickets = Object.fromEntries(lines.map((line) => [line.id, line.persons]));
            await change.mutateAsync({ id: p.id, persons, override, tickets });
            toast({ title: 'Tickets geändert', description: `${p.name} erhält eine E-Mail.` });
          }}
        />
      </CardContent>
    </Card>
  );
}
