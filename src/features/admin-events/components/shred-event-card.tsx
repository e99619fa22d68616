import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDateLong, todayIso } from '@/lib/dates';
import { downloadText } from '@/lib/download';
import { adminErrorMessage } from '@/lib/error-codes';
import { bookingsLabel } from '@common/format.ts';
import { fetchEventPersonalData, useShredEvent, type EventPersonalData } from '../api/event-personal-data';
import type { AdminEvent } from '../lib/admin-event';

interface ShredEventCardProps {
  event: Pick<AdminEvent, 'id' | 'startDate' | 'endDate'>;
}

/** Whether the event's last day is over (the card shows from the next day on). */
export function eventIsPast(event: Pick<AdminEvent, 'startDate' | 'endDate'>): boolean {
  const last = event.endDate ?? event.startDate;
  return last !== null && last < todayIso();
}

/**
 * 'Personendaten' on a past event (issue 30, like pretix's shredder): the admin downloads the
 * export first, then removes the names, contacts and answers of its bookings, its waiting list and
 * its messages; the books keep references, amounts, dates and payments. The database decides
 * from when (60 days after the event) and refuses earlier; the card says the date it answers.
 */
export function ShredEventCard({ event }: ShredEventCardProps) {
  const [exported, setExported] = useState<EventPersonalData | null>(null);
  const [exporting, setExporting] = useState(false);
  const [removed, setRemoved] = useState<Record<string, number> | null>(null);
  const shred = useShredEvent();

  async function downloadExport() {
    setExporting(true);
    try {
      const data = await fetchEventPersonalData(event.id);
      downloadText(
        `personendaten-event-${event.startDate ?? 'ohne-datum'}-${event.id.slice(0, 8)}.json`,
        'application/json',
        JSON.stringify(data.raw, null, 2),
      );
      setExported(data);
    } catch (error) {
      toast({
        title: 'Export fehlgeschlagen',
        description: adminErrorMessage(
          error,
          'Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
        ),
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  }

  function remove() {
    shred.mutate(event.id, {
      onSuccess: (counts) => {
        setRemoved(counts);
        toast({ title: 'Personendaten entfernt' });
      },
      onError: (error) =>
        toast({
          title: 'Entfernen fehlgeschlagen',
          description: adminErrorMessage(error, 'Die Personendaten konnten nicht entfernt werden.'),
          variant: 'destructive',
        }),
    });
  }

  const from = exported?.shreddableFrom ?? null;
  const allowed = from !== null && from <= todayIso();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personendaten</CardTitle>
        <CardDescription>
          60 Tage nach dem Event können Sie Namen, Kontaktdaten und Antworten der Teilnehmenden entfernen.
          Laden Sie zuerst den Export herunter. Buchungsnummern, Personenzahl, Beträge, Daten und Zahlungen
          bleiben für die Buchhaltung erhalten.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" disabled={exporting} onClick={() => void downloadExport()}>
            <Download aria-hidden="true" />
            {exporting ? 'Export wird erstellt…' : 'Export herunterladen'}
          </Button>
          {allowed && !removed ? (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="destructive" disabled={shred.isPending}>
                  <Trash2 aria-hidden="true" />
                  {shred.isPending ? 'Wird entfernt…' : 'Personendaten entfernen'}
                </Button>
              }
              title="Personendaten entfernen?"
              description="Namen, E-Mail-Adressen, Telefonnummern, Bemerkungen und Antworten der Buchungen dieses Events, seine Wartelisten-Einträge und Nachrichten werden entfernt, auch aus den E-Mails. Buchungsnummern, Personenzahl, Beträge, Daten und Zahlungen bleiben für die Buchhaltung. Das lässt sich nicht rückgängig machen."
              confirmLabel="Entfernen"
              onConfirm={remove}
            />
          ) : null}
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {removed
            ? `Entfernt: ${bookingsLabel(removed.bookings ?? 0)} anonymisiert.`
            : exported
              ? allowed
                ? `Export heruntergeladen (${bookingsLabel(exported.bookings)}).`
                : from
                  ? `Export heruntergeladen. Entfernen ist ab ${formatDateLong(from)} möglich.`
                  : 'Export heruntergeladen. Ein Event ohne Datum kann nicht bereinigt werden.'
              : ''}
        </p>
      </CardContent>
    </Card>
  );
}
