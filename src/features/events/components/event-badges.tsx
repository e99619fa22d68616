import { Badge } from '@/components/ui/badge';
import { bookingStateOf } from '../lib/availability';
import { SAMPLE_BADGE } from '../texts';
import { CATEGORY_NAMES, type PublicEvent } from '../types';

/** 'Beispiel' on samples, category, and a red 'Abgesagt' or an 'Ausgebucht' badge (cancelled wins). */
export function EventBadges({ event }: { event: PublicEvent }) {
  const availability = bookingStateOf(event);
  return (
    <div className="flex flex-wrap gap-2">
      {event.isSample ? <Badge variant="warning">{SAMPLE_BADGE}</Badge> : null}
      <Badge variant="secondary">{CATEGORY_NAMES[event.category]}</Badge>
      {availability === 'cancelled' ? <Badge variant="destructive">Abgesagt</Badge> : null}
      {availability === 'sold-out' ? <Badge variant="warning">Ausgebucht</Badge> : null}
    </div>
  );
}
