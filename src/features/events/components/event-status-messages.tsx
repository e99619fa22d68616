import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TRY_AGAIN_LATER } from '../texts';

/** Spec §2 not-found texts for /events/{slug} and the booking page. */
export function EventNotFound({ heading: Heading = 'h1' }: { heading?: 'h1' | 'h2' }) {
  return (
    <div className="space-y-4 py-12 text-center">
      <Heading className="font-serif text-3xl font-semibold">Event nicht gefunden</Heading>
      <p className="text-muted-foreground">Das angeforderte Event konnte nicht gefunden werden.</p>
      <Button asChild variant="outline">
        <Link to="/events">Alle Events ansehen</Link>
      </Button>
    </div>
  );
}

export function EventLoadError({ heading: Heading = 'h1' }: { heading?: 'h1' | 'h2' }) {
  return (
    <div role="alert" className="space-y-4 py-12 text-center">
      <Heading className="font-serif text-3xl font-semibold">Fehler beim Laden des Events</Heading>
      <p className="text-muted-foreground">{TRY_AGAIN_LATER}</p>
      <div className="flex justify-center gap-2">
        <Button asChild variant="outline">
          <Link to="/events">Alle Events ansehen</Link>
        </Button>
      </div>
    </div>
  );
}
