import { Badge, type BadgeProps } from '@/components/ui/badge';
import { statusLabels, type EventStatus } from '../api/event-types';

// Spec §4: published green, draft grey, archived amber.
const variants: Record<EventStatus, BadgeProps['variant']> = {
  published: 'success',
  draft: 'secondary',
  archived: 'warning',
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return <Badge variant={variants[status]}>{statusLabels[status] ?? status}</Badge>;
}
