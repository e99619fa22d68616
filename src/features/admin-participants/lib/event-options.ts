import type { SelectOption } from '@/components/ui/option-select';
import { formatDateShort } from '@/lib/dates';
import type { EventOption } from './admin-participant';

/** Events as drop-down options; the date tells apart repeated events of the same title. */
export function eventSelectOptions(events: readonly EventOption[]): SelectOption[] {
  return events.map((event) => ({
    value: event.id,
    label: event.startDate ? `${event.title} (${formatDateShort(event.startDate)})` : event.title,
  }));
}
