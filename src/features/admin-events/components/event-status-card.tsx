import { Ban, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/use-toast';
import { EVENT_STATUS_LABELS, EVENT_STATUSES } from '@/lib/event-domain';
import type { AdminEvent } from '../lib/admin-event';
import { useSetEventCancelled } from '../api/set-event-cancelled';
import type { EventFormValues } from '../schema';
import { notifyEventCancelled } from '../api/notify-participants';
import { CANCELLED_NOTICE, NotifyParticipantsDialog } from './notify-participants-dialog';

const statusOptions = EVENT_STATUSES.map((status) => ({ value: status, label: EVENT_STATUS_LABELS[status] }));

function personsBooked(count: number): string {
  return count === 1 ? '1 Person ist angemeldet.' : `${count} Personen sind angemeldet.`;
}

interface EventStatusCardProps {
  /** Null for a new event: it can be cancelled once it exists. */
  event: AdminEvent | null;
}

/**
 * The event's state in one place: publication, 'Buchungen schliessen' (the manual switch; full
 * is derived from the count) and the cancellation, which is its own confirmed action saved at
 * once rather than a field that waits for 'Speichern'.
 */
export function EventStatusCard({ event }: EventStatusCardProps) {
  const { control, setValue } = useFormContext<EventFormValues>();
  const isCancelled = useWatch({ control, name: 'isCancelled' });
  const cancellation = useSetEventCancelled();
  const [asking, setAsking] = useState(false);

  function setCancelled(cancelled: boolean) {
    if (!event) return;
    cancellation.mutate(
      { id: event.id, cancelled },
      {
        onSuccess: () => {
          // The form keeps it too, so a later 'Änderungen speichern' does not undo it.
          setValue('isCancelled', cancelled);
          toast({ title: cancelled ? 'Event abgesagt' : 'Absage aufgehoben' });
          // Then the choice whether to tell the participants and the waiting list.
          if (cancelled) setAsking(true);
        },
        onError: () =>
          toast({
            title: 'Fehler beim Speichern',
            description: cancelled
              ? 'Das Event konnte nicht abgesagt werden.'
              : 'Die Absage konnte nicht aufgehoben werden.',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Status</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="max-w-xs">
          <SelectField control={control} name="status" label="Status *" options={statusOptions} />
        </div>
        <div className="space-y-1">
          <CheckboxField control={control} name="isSoldOut" label="Buchungen schliessen" />
          <p className="text-sm text-muted-foreground">
            Das Event nimmt keine neuen Buchungen an, auch wenn noch Plätze frei sind. Es wird als ausgebucht
            angezeigt.
          </p>
        </div>
        {event ? (
          <div className="space-y-3 border-t pt-4">
            {isCancelled ? (
              <>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="destructive">Abgesagt</Badge>
                  Dieses Event ist abgesagt und nimmt keine Buchungen an.
                </p>
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="outline" disabled={cancellation.isPending}>
                      <RotateCcw aria-hidden="true" />
                      Absage aufheben
                    </Button>
                  }
                  title="Absage aufheben"
                  description="Das Event wird wieder wie geplant angezeigt und kann gebucht werden, sobald Plätze frei sind."
                  confirmLabel="Absage aufheben"
                  onConfirm={() => setCancelled(false)}
                />
              </>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  Findet das Event nicht statt, sagen Sie es hier ab. Es bleibt auf der Website sichtbar und
                  wird als abgesagt angezeigt.
                </p>
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="destructive" disabled={cancellation.isPending}>
                      <Ban aria-hidden="true" />
                      {cancellation.isPending ? 'Wird abgesagt…' : 'Event absagen'}
                    </Button>
                  }
                  title="Event absagen"
                  description={`Möchten Sie «${event.title}» wirklich absagen? Es nimmt danach keine Buchungen mehr an. ${personsBooked(event.currentParticipants)}`}
                  confirmLabel="Event absagen"
                  onConfirm={() => setCancelled(true)}
                />
              </>
            )}
          </div>
        ) : null}
        {event ? (
          <NotifyParticipantsDialog
            open={asking}
            texts={CANCELLED_NOTICE}
            send={(message) => notifyEventCancelled(event.id, message)}
            onClose={() => setAsking(false)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
