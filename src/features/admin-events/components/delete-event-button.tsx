import { Archive, Ban, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

interface DeleteEventButtonProps {
  onConfirm: () => void;
  busy: boolean;
  /** The database refused: the event has bookings (EVENT_HAS_BOOKINGS); the message to show. */
  refusal: string | null;
  onRefusalClose: () => void;
  /** Whether the event is already cancelled: then it can be archived instead. */
  isCancelled: boolean;
  onCancelEvent: () => void;
  onArchive: () => void;
}

/**
 * 'Event löschen': only an event nobody booked can go. One with bookings is refused by the
 * database (no booking disappears silently); the refusal offers what to do instead: cancel the
 * event (the customers are told and refunded), then archive it.
 */
export function DeleteEventButton({
  onConfirm,
  busy,
  refusal,
  onRefusalClose,
  isCancelled,
  onCancelEvent,
  onArchive,
}: DeleteEventButtonProps) {
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="destructive" disabled={busy}>
            <Trash2 aria-hidden="true" />
            {busy ? 'Wird gelöscht…' : 'Event löschen'}
          </Button>
        }
        title="Event löschen"
        description="Sind Sie sicher, dass Sie dieses Event löschen möchten? Ein Event mit Buchungen kann nicht gelöscht werden; sagen Sie es dann ab."
        confirmLabel="Löschen"
        onConfirm={onConfirm}
      />
      <AlertDialog open={refusal !== null} onOpenChange={(open) => (open ? undefined : onRefusalClose())}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Event kann nicht gelöscht werden</AlertDialogTitle>
            <AlertDialogDescription>
              {refusal}{' '}
              {isCancelled
                ? 'Das Event ist abgesagt. Archivieren Sie es, dann verschwindet es aus den Listen; die Buchungen und ihr Verlauf bleiben erhalten.'
                : 'Sagen Sie das Event ab: Die Buchungen werden storniert, bezahlte Beträge zurückerstattet und die Kunden informiert. Danach können Sie es archivieren.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Schliessen</AlertDialogCancel>
            {isCancelled ? (
              <Button
                type="button"
                onClick={() => {
                  onRefusalClose();
                  onArchive();
                }}
              >
                <Archive aria-hidden="true" />
                Archivieren
              </Button>
            ) : (
              <Button
                type="button"
                variant="destructive"
                onClick={() => {
                  onRefusalClose();
                  onCancelEvent();
                }}
              >
                <Ban aria-hidden="true" />
                Event absagen
              </Button>
            )}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
