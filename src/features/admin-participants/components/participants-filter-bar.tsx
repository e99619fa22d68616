import { Rows3, Rows4, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import {
  MONEY_OPEN_FILTER,
  NEEDS_REVIEW_FILTER,
  REFUND_OPEN_FILTER,
  type EventOption,
} from '../lib/admin-participant';
import { BOOKING_STATUS_LABELS } from '../lib/booking-state';
import { eventSelectOptions } from '../lib/event-options';
import type { ParticipantFilters } from '../lib/participant-filters';

const statusOptions = [
  { value: 'all', label: 'Alle Status' },
  ...Object.entries(BOOKING_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  { value: MONEY_OPEN_FILTER, label: 'Betrag offen' },
  { value: NEEDS_REVIEW_FILTER, label: 'Zahlung prüfen' },
  { value: REFUND_OPEN_FILTER, label: 'Rückerstattung offen' },
];

interface ParticipantsFilterBarProps {
  filters: ParticipantFilters;
  onChange: (next: ParticipantFilters) => void;
  events: EventOption[];
  extended: boolean;
  onExtendedChange: (extended: boolean) => void;
}

export function ParticipantsFilterBar({
  filters,
  onChange,
  events,
  extended,
  onExtendedChange,
}: ParticipantsFilterBarProps) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <Search className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Suche nach Name oder E-Mail"
          placeholder="Name oder E-Mail suchen…"
          className="pl-9"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </div>
      <OptionSelect
        aria-label="Event"
        className="lg:w-64"
        value={filters.eventId}
        onValueChange={(eventId) => onChange({ ...filters, eventId })}
        options={[{ value: 'all', label: 'Alle Events' }, ...eventSelectOptions(events)]}
      />
      <OptionSelect
        aria-label="Status"
        className="lg:w-44"
        value={filters.status}
        onValueChange={(status) => onChange({ ...filters, status })}
        options={statusOptions}
      />
      <Button
        type="button"
        variant="outline"
        aria-pressed={extended}
        onClick={() => onExtendedChange(!extended)}
        title={extended ? 'Kompakte Ansicht' : 'Erweiterte Ansicht'}
      >
        {extended ? <Rows3 aria-hidden="true" /> : <Rows4 aria-hidden="true" />}
        {extended ? 'Kompakt' : 'Erweitert'}
      </Button>
    </div>
  );
}
