import { Badge, type BadgeProps } from '@/components/ui/badge';
import { EVENT_STATUS_LABELS, type EventStatus } from '@/lib/event-domain';

// Spec §4: published green, draft grey, archived amber.
const variants: Record<EventStatus, BadgeProps['variant']> = {
  published: 'success',
  draft: 'secondary',
  archived: 'warning',
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return <Badge variant={variants[status]}>{EVENT_STATUS_LABELS[status] ?? status}</Badge>;
}

interface EventStateBadgesProps {
  status: EventStatus;
  isCancelled: boolean;
  /** The manual 'Buchungen schliessen' switch. */
  isSoldOut: boolean;
  /** Created as one of a series (admin_create_event_series): edits may apply to the others. */
  inSeries?: boolean;
}

/** The publication status and, beside it, whether the event is cancelled or closed for bookings. */
export function EventStateBadges({
  status,
  isCancelled,
  isSoldOut,
  inSeries = false,
}: EventStateBadgesProps) {
  return (
    <span className="flex flex-wrap gap-1">
      <EventStatusBadge status={status} />
      {isCancelled ? <Badge variant="destructive">Abgesagt</Badge> : null}
      {isSoldOut ? <Badge variant="outline">Geschlossen</Badge> : null}
      {inSeries ? <Badge variant="outline">Serie</Badge> : null}
    </span>
  );
}
