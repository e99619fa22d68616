import { Download, Mail, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { todayIso } from '@/lib/dates';
import { useEventOptions } from '../api/get-event-options';
import { useParticipants } from '../api/get-participants';
import {
  filterParticipants,
  filtersFromParams,
  filtersToParams,
  participantStats,
  type ParticipantFilters,
} from '../lib/participant-filters';
import { downloadCsv } from '@/lib/csv';
import { participantsToCsv } from '../lib/participants-csv';
import { bookableEvents } from '../lib/event-options';
import { AddParticipantForm } from './add-participant-form';
import { EventTicketCounts } from './event-ticket-counts';
import { MessageComposer } from './message-composer';
import { ParticipantStats } from './participant-stats';
import { ParticipantsFilterBar } from './participants-filter-bar';
import { ParticipantsTable } from './participants-table';

export function ParticipantsOverview() {
  const participants = useParticipants();
  const events = useEventOptions();
  // Filters and row height live in the URL: a filtered list can be bookmarked and survives a reload.
  const [params, setParams] = useSearchParams();
  const { filters, extended } = filtersFromParams(params);
  const update = (next: ParticipantFilters, nextExtended = extended) =>
    setParams(filtersToParams(next, nextExtended), { replace: true });
  const [adding, setAdding] = useState(false);
  const [writing, setWriting] = useState(false);

  useEffect(() => {
    if (participants.isError) toast({ title: 'Fehler beim Laden der Teilnehmer', variant: 'destructive' });
  }, [participants.isError]);

  const visible = filterParticipants(participants.data ?? [], filters);
  const addableEvents = bookableEvents(events.data ?? []);

  function exportCsv() {
    downloadCsv(participantsToCsv(visible), `teilnehmer-${todayIso()}.csv`);
    toast({ title: 'Export erstellt', description: `${visible.length} Anmeldungen als CSV exportiert.` });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Teilnehmer</h1>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setAdding(true)} disabled={adding || events.isPending}>
            <UserPlus aria-hidden="true" />
            Hinzufügen
          </Button>
          <Button variant="outline" onClick={exportCsv} disabled={participants.isPending}>
            <Download aria-hidden="true" />
            Export
          </Button>
          <Button
            variant="outline"
            onClick={() => setWriting(true)}
            disabled={writing || participants.isPending}
          >
            <Mail aria-hidden="true" />
            E-Mail
          </Button>
        </div>
      </div>
      {adding ? <AddParticipantForm events={addableEvents} onClose={() => setAdding(false)} /> : null}
      {writing ? (
        <MessageComposer
          recipients={visible}
          eventId={filters.eventId === 'all' ? null : filters.eventId}
          onClose={() => setWriting(false)}
        />
      ) : null}
      <ParticipantStats stats={participantStats(visible)} />
      {filters.eventId === 'all' ? null : <EventTicketCounts eventId={filters.eventId} />}
      <ParticipantsFilterBar
        filters={filters}
        onChange={(next) => update(next)}
        events={events.data ?? []}
        extended={extended}
        onExtendedChange={(next) => update(filters, next)}
      />
      <Card>
        <CardHeader>
          <CardTitle>Anmeldungen ({visible.length})</CardTitle>
        </CardHeader>
        <CardContent className="p-0">
          <ParticipantsTable participants={visible} loading={participants.isPending} extended={extended} />
        </CardContent>
      </Card>
    </div>
  );
}
