import { Rows3, Rows4, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDateShort } from '@/lib/dates';
import { PAYMENT_STATUSES, paymentStatusLabel, type EventOption } from '../api/participant-types';
import type { ParticipantFilters } from '../participant-filters';

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
          placeholder="Name oder E-Mail suchen..."
          className="pl-9"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </div>
      <Select value={filters.eventId} onValueChange={(eventId) => onChange({ ...filters, eventId })}>
        <SelectTrigger className="lg:w-64" aria-label="Event">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">Alle Events</SelectItem>
          {events.map((event) => (
            <SelectItem key={event.id} value={event.id}>
              {event.title}
              {event.startDate ? ` (${formatDateShort(event.startDate)})` : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={filters.status} onValueChange={(status) => onChange({ ...filters, status })}>
        <SelectTrigger className="lg:w-44" aria-label="Status">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">Alle Status</SelectItem>
          {PAYMENT_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {paymentStatusLabel(status)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
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
