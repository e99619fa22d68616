import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-context';
import { TEASER_SIZE, useUpcomingEvents } from '../api/get-events';
import { EventGrid, EventGridSkeleton } from './event-grid';
import { SampleDataNotice } from './sample-data-notice';
import { EMPTY_UPCOMING_TEXT } from '../texts';

function AdminHint() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Hinweis für Admins: Prüfen Sie, ob veröffentlichte Events mit einem Datum in der Zukunft vorhanden sind.
    </p>
  );
}

function TeaserBody() {
  const list = useUpcomingEvents();
  switch (list.status) {
    case 'loading':
      return <EventGridSkeleton count={TEASER_SIZE} />;
    case 'error':
      return (
        <div role="alert" className="space-y-2 rounded-md border border-destructive/40 p-6">
          <p className="font-medium">Fehler beim Laden der Events.</p>
          <p className="text-sm text-muted-foreground">
            Bitte prüfe deine Internetverbindung oder versuche es später noch einmal.
          </p>
          <AdminHint />
        </div>
      );
    case 'samples':
      return (
        <div className="space-y-6">
          <SampleDataNotice detail={list.reason}>
            Datenbank nicht verfügbar. Zeige Beispieldaten an.
          </SampleDataNotice>
          <EventGrid events={list.events} variant="teaser" />
        </div>
      );
    case 'success':
      return list.events.length === 0 ? (
        <div className="space-y-2 py-8 text-center">
          <p className="text-muted-foreground">{EMPTY_UPCOMING_TEXT}</p>
          <AdminHint />
        </div>
      ) : (
        <EventGrid events={list.events} variant="teaser" />
      );
  }
}

/** Home teaser 'Kommende Events' (up to 3). */
export function UpcomingEventsTeaser() {
  return (
    <section className="container space-y-8 py-16" aria-labelledby="upcoming-events-title">
      <h2 id="upcoming-events-title" className="font-serif text-3xl font-semibold">
        Kommende Events
      </h2>
      <TeaserBody />
      <div className="text-center">
        <Button asChild size="lg">
          <Link to="/events">Alle Events ansehen</Link>
        </Button>
      </div>
    </section>
  );
}
