import { Link } from 'react-router-dom';
import { eventPath, linkState } from '../lib/event-links';
import type { PublicEvent } from '../types';
import { EventFacts } from './event-facts';
import { EventImage } from './event-image';

/** The event on the left of the booking page. */
export function EventSummary({ event }: { event: PublicEvent }) {
  return (
    <section aria-label="Event-Details" className="space-y-6">
      <EventImage
        src={event.imageUrl}
        alt={event.title}
        loading="eager"
        className="aspect-[16/10] w-full rounded-lg object-cover"
      />
      {/* The page's h1 names the event already ('Event-Buchung: …'); the title is not repeated here. */}
      {event.subtitle ? <p className="text-lg text-muted-foreground">{event.subtitle}</p> : null}
      <EventFacts event={event} />
      <Link
        to={eventPath(event)}
        state={linkState(event)}
        className="inline-block text-sm text-primary underline-offset-4 hover:underline"
      >
        Beschreibung anzeigen
      </Link>
    </section>
  );
}
