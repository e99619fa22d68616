import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { UNAVAILABLE_LABELS, bookingStateOf } from '../lib/availability';
import { bookingPath, linkState } from '../lib/event-links';
import { PAST_EVENT_TEXT, SAMPLE_BOOKING_NOTE } from '../texts';
import type { PublicEvent } from '../types';
import { AddToCalendarButton } from './add-to-calendar-button';
import { EventBadges } from './event-badges';
import { EventFacts } from './event-facts';
import { EventImage } from './event-image';
import { EventJsonLd } from './event-json-ld';
import { SampleDataNotice } from './sample-data-notice';

/** Instead of 'Jetzt buchen' once the event's date has passed. */
function PastEventNote() {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3">
      <span>{PAST_EVENT_TEXT}</span>
      <Button asChild variant="outline">
        <Link to="/events">Zu allen Events</Link>
      </Button>
    </div>
  );
}

function BookingButton({ event }: { event: PublicEvent }) {
  const availability = bookingStateOf(event);
  if (event.isSample) return null;
  if (availability === 'past') return <PastEventNote />;
  if (availability !== 'open') {
    const disabled = (
      <Button disabled variant="outline">
        {UNAVAILABLE_LABELS[availability]}
      </Button>
    );
    // Full (not closed by the admin): the booking page takes names for the waiting list.
    if (event.availability.reason !== 'full') return disabled;
    return (
      <div className="flex flex-wrap gap-3">
        {disabled}
        <Button asChild>
          <Link to={bookingPath(event)} state={linkState(event)}>
            Auf die Warteliste
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <Button asChild>
      <Link to={bookingPath(event)} state={linkState(event)}>
        Jetzt buchen
      </Link>
    </Button>
  );
}

/** Text with blank lines becomes paragraphs; single line breaks are kept. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph.trim()}
          </p>
        ))}
    </>
  );
}

/** /events/{slug}: every field of the event, calendar download, JSON-LD and the way to book. */
export function EventDetail({ event }: { event: PublicEvent }) {
  return (
    <article className="space-y-8">
      <EventJsonLd event={event} />
      <EventImage
        src={event.imageUrl}
        alt={event.title}
        loading="eager"
        className="aspect-[16/10] max-h-[28rem] w-full rounded-lg object-cover"
      />
      <header className="space-y-3">
        <EventBadges event={event} />
        <h1 className="font-serif text-4xl font-semibold tracking-tight">{event.title}</h1>
        {event.subtitle ? <p className="text-xl text-muted-foreground">{event.subtitle}</p> : null}
      </header>
      {event.isSample ? <SampleDataNotice>{SAMPLE_BOOKING_NOTE}</SampleDataNotice> : null}
      <EventFacts event={event} />
      <div className="space-y-4 leading-relaxed">
        <Paragraphs text={event.description} />
      </div>
      <div className="flex flex-wrap gap-3">
        <BookingButton event={event} />
        <AddToCalendarButton event={event} />
      </div>
    </article>
  );
}
