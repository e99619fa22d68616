import { Download, Mail, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { todayIso } from '@/lib/dates';
import { useEventOptions } from '../api/get-event-options';
import { useParticipants } from '../api/get-participants';
import { DEFAULT_PARTICIPANT_FILTERS, filterParticipants, participantStats } from '../participant-filters';
import { downloadCsv } from '@/lib/csv';
import { participantsToCsv } from '../participants-csv';
import { AddParticipantForm } from './add-participant-form';
import { ParticipantStats } from './participant-stats';
import { ParticipantsFilterBar } from './participants-filter-bar';
import { ParticipantsTable } from './participants-table';

export function ParticipantsOverview() {
  const participants = useParticipants();
  const events = useEventOptions();
  const [filters, setFilters] = useState(DEFAULT_PARTICIPANT_FILTERS);
  const [extended, setExtended] = useState(false);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (participants.isError) toast({ title: 'Fehler beim Laden der Teilnehmer', variant: 'destructive' });
  }, [participants.isError]);

  const visible = filterParticipants(participants.data ?? [], filters);
  const publishedEvents = (events.data ?? []).filter((event) => event.status === 'published');

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
            onClick={() =>
              toast({
                title: 'Bald verfügbar',
                description: 'Der E-Mail-Versand an Teilnehmer folgt in Kürze.',
              })
            }
          >
            <Mail aria-hidden="true" />
            E-Mail
          </Button>
        </div>
      </div>
      {adding ? <AddParticipantForm events={publishedEvents} onClose={() => setAdding(false)} /> : null}
      <ParticipantStats stats={participantStats(visible)} />
      <ParticipantsFilterBar
        filters={filters}
        onChange={setFilters}
        events={events.data ?? []}
        extended={extended}
        onExtendedChange={setExtended}
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
