import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { PublicEvent } from '../types';
import { EventCard, type EventCardVariant } from './event-card';

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

export function EventGrid({
  events,
  variant = 'list',
}: {
  events: PublicEvent[];
  variant?: EventCardVariant;
}) {
  return (
    <ul className={gridClass}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} variant={variant} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards shaped like the real ones, shown while the list loads. */
export function EventGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className={gridClass} data-testid="event-grid-skeleton" aria-busy="true">
      <span className="sr-only">Events werden geladen…</span>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="overflow-hidden">
          <Skeleton className="aspect-[16/10] w-full rounded-none" />
          <CardHeader className="gap-2">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-6 w-3/4" />
          </CardHeader>
          <CardContent className="space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-10 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
