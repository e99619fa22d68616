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
