import { CalendarDays, Clock, MapPin, PersonStanding } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FACT_LINES_PROPS } from '@/components/layout/floating-clearance';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatEventPrice } from '@common/format.ts';
import { displayTime } from '@common/event-time.ts';
import { UNAVAILABLE_LABELS, bookingStateOf, freeSeats, truncateDescription } from '../lib/availability';
import { ageRangeText } from '../lib/ages';
import { bookingPath, eventPath, linkState } from '../lib/event-links';
import { displayDate } from '../lib/event-schedule';
import type { PublicEvent } from '../types';
import { EventBadges } from './event-badges';
import { EventImage } from './event-image';

/** 'list' on /events and content pages, 'teaser' on the home page (spec §2 'Event card'). */
export type EventCardVariant = 'list' | 'teaser';

function buttonFor(event: PublicEvent, variant: EventCardVariant) {
  // A sample cannot be booked; its page says why.
  if (event.isSample) return { label: 'Beispiel ansehen', to: eventPath(event) };
  const availability = bookingStateOf(event);
  if (availability === 'cancelled' || availability === 'past' || availability === 'unavailable') {
    return { label: UNAVAILABLE_LABELS[availability], to: null };
  }
  if (variant === 'teaser') {
    // The teaser leads to the details, which a sold-out event still has.
    return availability === 'sold-out'
      ? { label: 'Ausgebucht – Details anzeigen', to: eventPath(event) }
      : { label: 'Details & Anmeldung', to: eventPath(event) };
  }
  if (availability !== 'sold-out') return { label: 'Jetzt buchen', to: bookingPath(event) };
  // Full (not closed by the admin): the booking page takes names for the waiting list; the card's
  // "Ausgebucht" badge says why.
  return event.availability.reason === 'full'
    ? { label: 'Auf die Warteliste', to: bookingPath(event) }
    : { label: 'Ausgebucht', to: null };
}

function seatsText(event: PublicEvent): string | null {
  if (event.isSample || bookingStateOf(event) !== 'open') return null;
  const seats = freeSeats(event);
  return seats === 1 ? 'Noch 1 Platz frei' : `Noch ${seats} Plätze frei`;
}

export function EventCard({ event, variant = 'list' }: { event: PublicEvent; variant?: EventCardVariant }) {
  const availability = bookingStateOf(event);
  const button = buttonFor(event, variant);
  const seats = seatsText(event);
  const ages = ageRangeText(event.minAge, event.maxAge);
  return (
    <Card className="flex h-full flex-col overflow-hidden" aria-label={event.title} role="article">
      <Link to={eventPath(event)} state={linkState(event)} tabIndex={-1} aria-hidden="true">
        <EventImage src={event.imageUrl} alt="" className="aspect-[16/10] w-full object-cover" />
      </Link>
      <CardHeader className="gap-2">
        <EventBadges event={event} />
        <CardTitle>
          <Link to={eventPath(event)} state={linkState(event)} className="hover:underline">
            {event.title}
          </Link>
        </CardTitle>
        {event.subtitle ? <p className="text-sm text-muted-foreground">{event.subtitle}</p> : null}
      </CardHeader>
      <CardContent className="flex-1 space-y-3 text-sm">
        {/* The facts: the floating contact button leaves their lines readable. */}
        <ul className="space-y-1 text-muted-foreground" {...FACT_LINES_PROPS}>
          <li className="flex items-center gap-2">
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            {displayDate(event)}
          </li>
          {event.startTime ? (
            <li className="flex items-center gap-2">
              <Clock className="h-4 w-4" aria-hidden="true" />
              {displayTime(event.startTime, event.endTime)}
            </li>
          ) : null}
          {event.location ? (
            <li className="flex items-center gap-2">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {event.location}
            </li>
          ) : null}
          {ages ? (
            <li className="flex items-center gap-2">
              <PersonStanding className="h-4 w-4" aria-hidden="true" />
              Alter: {ages}
            </li>
          ) : null}
        </ul>
        <p>{truncateDescription(event.description)}</p>
        <p className="flex flex-wrap items-baseline justify-between gap-2" {...FACT_LINES_PROPS}>
          <span className="font-semibold">{formatEventPrice(event.price, event.priceFrom)}</span>
          {seats ? <span className="text-muted-foreground">{seats}</span> : null}
        </p>
      </CardContent>
      <CardFooter>
        {button.to ? (
          <Button asChild className="w-full" variant={availability === 'open' ? 'default' : 'outline'}>
            <Link to={button.to} state={linkState(event)}>
              {button.label}
            </Link>
          </Button>
        ) : (
          <Button className="w-full" disabled variant="outline">
            {button.label}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
