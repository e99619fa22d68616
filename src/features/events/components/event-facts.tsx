import { Backpack, CalendarDays, Clock, MapPin, PersonStanding, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatEventPrice } from '@common/format.ts';
import { displayTime } from '@common/event-time.ts';
import { ageRangeText } from '../lib/ages';
import { bookingStateOf, capacityText, freeSeats } from '../lib/availability';
import { displayDate } from '../lib/event-schedule';
import type { PublicEvent } from '../types';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl> group may only hold <dt>/<dd>, so the icon sits inside the <dt>, pinned into the padding.
    <div className="relative pl-7">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">
        <span className="absolute left-0 top-0.5 text-primary" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Date, time, place, ages, price, capacity and what to bring: shared by the detail and booking pages. */
export function EventFacts({ event }: { event: PublicEvent }) {
  const open = !event.isSample && bookingStateOf(event) === 'open';
  const ages = ageRangeText(event.minAge, event.maxAge);
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Fact icon={<CalendarDays className="h-4 w-4" />} label="Datum">
        {displayDate(event)}
      </Fact>
      {event.startTime ? (
        <Fact icon={<Clock className="h-4 w-4" />} label="Zeit">
          {displayTime(event.startTime, event.endTime)}
        </Fact>
      ) : null}
      {event.location ? (
        <Fact icon={<MapPin className="h-4 w-4" />} label="Ort">
          {event.location}
        </Fact>
      ) : null}
      {ages ? (
        <Fact icon={<PersonStanding className="h-4 w-4" />} label="Alter">
          {ages}
        </Fact>
      ) : null}
      <Fact icon={<Wallet className="h-4 w-4" />} label="Preis">
        {formatEventPrice(event.price, event.priceFrom)}
      </Fact>
      <Fact icon={<Users className="h-4 w-4" />} label="Teilnehmer">
        {capacityText(event)}
        {open ? (
          <span className="block text-sm text-muted-foreground">
            Noch {freeSeats(event)} von {event.maxParticipants} Plätzen frei
          </span>
        ) : null}
      </Fact>
      {event.bringAlong ? (
        <Fact icon={<Backpack className="h-4 w-4" />} label="Mitbringen">
          {event.bringAlong}
        </Fact>
      ) : null}
    </dl>
  );
}
