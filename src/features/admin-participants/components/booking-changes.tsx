import { ArrowRightLeft, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { toast } from '@/components/ui/use-toast';
import { formatDateLong } from '@/lib/dates';
import { personsLabel } from '@common/format.ts';
import { useChangePersons, useMoveBooking } from '../api/booking-transitions';
import { useEventOptions } from '../api/get-event-options';
import type { AdminParticipant } from '../lib/admin-participant';
import { holdsSeats, moneyAfter } from '../lib/booking-state';
import { eventSelectOptions, moveTargets } from '../lib/event-options';
import { BookingActionDialog } from './booking-action-dialog';
import { ChangeTicketsCard } from './change-tickets-card';

const MAX_PERSONS = 50;

/** 'Personen ändern': seats re-checked when growing; the customer gets the new amount by mail. */
export function ChangePersonsCard({ participant: p }: { participant: AdminParticipant }) {
  const change = useChangePersons();
  const [persons, setPersons] = useState(p.persons);
  const valid = Number.isInteger(persons) && persons >= 1 && persons <= MAX_PERSONS && persons !== p.persons;
  const online = p.paymentMethod === 'stripe';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personen ändern</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor={`persons-${p.id}`}>Personen</Label>
          <Input
            id={`persons-${p.id}`}
            type="number"
            min={1}
            max={MAX_PERSONS}
            step={1}
            value={Number.isNaN(persons) ? '' : persons}
            onChange={(event) =>
              setPersons(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)
            }
          />
        </div>
        <BookingActionDialog
          trigger={
            <Button type="button" disabled={!valid}>
              <Users aria-hidden="true" />
              Personen ändern
            </Button>
          }
          title="Personen ändern"
          description={
            <>
              <p>
                {personsLabel(p.persons)} → {personsLabel(persons)}.{' '}
                {persons > p.persons
                  ? 'Die zusätzlichen Plätze werden geprüft.'
                  : 'Die frei werdenden Plätze werden freigegeben.'}
              </p>
              <p>{moneyAfter(p.priceCents * persons, p)}</p>
              <p>
                {p.name} erhält eine E-Mail mit der neuen Personenzahl und dem Betrag
                {online ? ' und kann einen offenen Betrag online bezahlen' : ''}.
              </p>
            </>
          }
          confirmLabel="Personen ändern"
          overrideLabel="Trotzdem ändern (Überbuchung)"
          onConfirm={async (override) => {
            await change.mutateAsync({ id: p.id, persons, override });
            toast({ title: 'Personen geändert', description: `${p.name} erhält eine E-Mail.` });
          }}
        />
      </CardContent>
    </Card>
  );
}

/** 'Verschieben': to an upcoming, open event; the customer gets the new date by mail. */
export function MoveParticipantCard({ participant: p }: { participant: AdminParticipant }) {
  const events = useEventOptions();
  const targets = moveTargets(events.data ?? [], p.eventId);
  const [target, setTarget] = useState('');
  const move = useMoveBooking();
  const chosen = targets.find((event) => event.id === target);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Zu einem anderen Event verschieben</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        {targets.length === 0 && events.isSuccess ? (
          <p className="text-sm text-muted-foreground">
            Es gibt kein kommendes Event, auf das Sie verschieben können.
          </p>
        ) : (
          <OptionSelect
            aria-label="Neues Event"
            className="sm:flex-1"
            value={target}
            onValueChange={setTarget}
            options={eventSelectOptions(targets)}
            placeholder="Event auswählen"
          />
        )}
        <BookingActionDialog
          trigger={
            <Button type="button" disabled={!chosen}>
              <ArrowRightLeft aria-hidden="true" />
              Verschieben
            </Button>
          }
          title="Buchung verschieben"
          description={
            chosen ? (
              <>
                <p>
                  Die Buchung von {p.name} ({personsLabel(p.persons)}) wird von «{p.eventTitle}» auf «
                  {chosen.title}»{chosen.startDate ? ` am ${formatDateLong(chosen.startDate)}` : ''}{' '}
                  verschoben. Die Plätze im neuen Event werden geprüft, die alten freigegeben.
                </p>
                <p>{moneyAfter(chosen.priceCents * p.persons, p)}</p>
                <p>
                  {p.name} erhält eine E-Mail mit dem neuen Datum, dem Ort und einem neuen Kalendereintrag.
                </p>
              </>
            ) : null
          }
          confirmLabel="Verschieben"
          overrideLabel="Trotzdem verschieben (Überbuchung)"
          onConfirm={async (override) => {
            await move.mutateAsync({ id: p.id, eventId: target, override });
            toast({
              title: 'Buchung verschoben',
              description: `${p.name} erhält eine E-Mail mit dem neuen Datum.`,
            });
            setTarget('');
          }}
        />
      </CardContent>
    </Card>
  );
}

/** The cards that change a booking's seats; only for a booking that holds seats. */
export function BookingChangeCards({ participant }: { participant: AdminParticipant }) {
  if (!holdsSeats(participant.status)) return null;
  return (
    <>
      {participant.tickets ? (
        <ChangeTicketsCard
          key={`${participant.id}-${participant.persons}`}
          participant={participant}
          tickets={participant.tickets}
        />
      ) : (
        <ChangePersonsCard key={`${participant.id}-${participant.persons}`} participant={participant} />
      )}
      <MoveParticipantCard participant={participant} />
    </>
  );
}
