import { Ban, Mail, RotateCcw } from 'lucide-react';
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
import { useUnnotifiedCount } from '../api/cancel-event';
import { useReopenEvent } from '../api/set-event-cancelled';
import type { EventFormValues } from '../schema';
import { notifyEventCancelled } from '../api/notify-participants';
import { CancelEventDialog } from './cancel-event-dialog';
import { CANCELLED_NOTICE, NotifyParticipantsDialog } from './notify-participants-dialog';

const statusOptions = EVENT_STATUSES.map((status) => ({ value: status, label: EVENT_STATUS_LABELS[status] }));

function notYetTold(count: number): string {
  return count === 1
    ? '1 Person hat die Absage noch nicht erhalten.'
    : `${count} Personen haben die Absage noch nicht erhalten.`;
}

interface EventStatusCardProps {
  /** Null for a new event: it can be cancelled once it exists. */
  event: AdminEvent | null;
  /** The 'Event absagen' dialog, open also from a refused deletion. */
  cancelling: boolean;
  onCancellingChange: (open: boolean) => void;
}

/**
 * The event's state in one place: publication, 'Buchungen schliessen' (the manual switch; full
 * is derived from the count) and the cancellation, which is its own confirmed action saved at
 * once rather than a field that waits for 'Speichern'.
 */
export function EventStatusCard({ event, cancelling, onCancellingChange }: EventStatusCardProps) {
  const { control, setValue } = useFormContext<EventFormValues>();
  const isCancelled = useWatch({ control, name: 'isCancelled' });
  const reopen = useReopenEvent();
  const [asking, setAsking] = useState(false);
  // Whether everybody had the cancel notice: skipped at the cancellation, it can be sent later.
  const unnotified = useUnnotifiedCount(event?.id ?? '', Boolean(event && isCancelled));

  function reopenEvent() {
    if (!event) return;
    reopen.mutate(event.id, {
      onSuccess: () => {
        // The form keeps it too, so a later 'Änderungen speichern' does not undo it.
        setValue('isCancelled', false);
        toast({ title: 'Absage aufgehoben' });
      },
      onError: () =>
        toast({
          title: 'Fehler beim Speichern',
          description: 'Die Absage konnte nicht aufgehoben werden.',
          variant: 'destructive',
        }),
    });
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
                {unnotified.data ? (
                  <div className="space-y-2 rounded-md border border-warning/60 p-3">
                    <p className="text-sm">{notYetTold(unnotified.data)}</p>
                    <Button type="button" onClick={() => setAsking(true)}>
                      <Mail aria-hidden="true" />
                      Absage jetzt senden
                    </Button>
                  </div>
                ) : null}
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="outline" disabled={reopen.isPending}>
                      <RotateCcw aria-hidden="true" />
                      Absage aufheben
                    </Button>
                  }
                  title="Absage aufheben"
                  description="Das Event wird wieder wie geplant angezeigt und kann gebucht werden, sobald Plätze frei sind. Die stornierten Buchungen bleiben storniert; Sie können einzelne bei der Buchung reaktivieren."
                  confirmLabel="Absage aufheben"
                  onConfirm={reopenEvent}
                />
              </>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  Findet das Event nicht statt, sagen Sie es hier ab. Es bleibt auf der Website sichtbar und
                  wird als abgesagt angezeigt.
                </p>
                <Button type="button" variant="destructive" onClick={() => onCancellingChange(true)}>
                  <Ban aria-hidden="true" />
                  Event absagen
                </Button>
                <CancelEventDialog
                  open={cancelling}
                  onOpenChange={onCancellingChange}
                  event={event}
                  onCancelled={() => setValue('isCancelled', true)}
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
            onClose={() => {
              setAsking(false);
              void unnotified.refetch();
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
