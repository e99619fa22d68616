import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { personsLabel } from '@common/format.ts';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { dayLabel } from '@/lib/hut-calendar';
import { type AdminHutEvening, useMoveHutBooking } from '../api/admin-hut';

// 'Verschieben' on a booked hut evening (issue 27): the admin picks another evening; the database
// applies the evening's rules (admin_move_hut_booking) and the state machine's move. A refusal
// stays in the dialog, next to the date, so the admin can pick another one at once. The field has
// no min/required: the browser would refuse in its own words; the database's codes say it in German.

/** The codes whose generic admin text does not fit a move (they speak of blocking or sending). */
const MOVE_MESSAGES: Partial<Record<string, string>> = {
  HUT_EVENING_BOOKED: 'An diesem Abend ist bereits eine andere Gruppe. Bitte wählen Sie einen anderen Abend.',
  NOTHING_CHANGED: 'Die Buchung ist schon an diesem Abend. Bitte wählen Sie einen anderen Abend.',
};

function moveErrorMessage(error: unknown): string {
  const code = errorCodeOf(error);
  return (
    (code && MOVE_MESSAGES[code]) ||
    adminErrorMessage(
      error,
      'Die Buchung konnte nicht verschoben werden. Bitte versuchen Sie es noch einmal.',
    )
  );
}

interface Props {
  /** The booked evening to move, or null when the dialog is closed. */
  evening: AdminHutEvening | null;
  /** The button that opened the dialog (no Radix trigger here, so the focus is returned by hand). */
  opener: HTMLElement | null;
  /** `moved` is true after a successful move (the evening's row and its button are gone then). */
  onClose: (moved: boolean) => void;
  /** Takes the focus after a move: the opener has left with the booking. */
  focusAfterMove: RefObject<HTMLElement | null>;
}

export function MoveHutBookingDialog({ evening, opener, onClose, focusAfterMove }: Props) {
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useMoveHutBooking();
  const errorId = useId();
  const moved = useRef(false);
  // The page clears `opener` together with `evening` before the dialog's close focus runs.
  const lastOpener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (opener) lastOpener.current = opener;
  }, [opener]);
  const booking = evening?.booking ?? null;

  const close = (wasMoved: boolean) => {
    moved.current = wasMoved;
    setDay('');
    setError(null);
    move.reset();
    onClose(wasMoved);
  };

  const submit = async () => {
    if (!booking || day === '') return;
    setError(null);
    try {
      await move.mutateAsync({ participantId: booking.participant_id, day });
      toast({
        title: 'Buchung verschoben',
        description: `${booking.name}: neu am ${dayLabel(day)}. Die Gruppe erhält eine E-Mail mit dem neuen Datum.`,
      });
      close(true);
    } catch (caught) {
      setError(moveErrorMessage(caught));
    }
  };

  return (
    <Dialog open={evening !== null && booking !== null} onOpenChange={(open) => (open ? null : close(false))}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const back = lastOpener.current;
          const target = !moved.current && back?.isConnected ? back : focusAfterMove.current;
          moved.current = false;
          target?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Buchung verschieben</DialogTitle>
          <DialogDescription>
            {evening && booking
              ? `${booking.name} (${personsLabel(booking.persons)}, ${booking.reference}) am ${dayLabel(evening.day)}. Es gelten die Regeln des neuen Abends; die Gruppe erhält eine E-Mail mit dem neuen Datum.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="space-y-2">
            <Label htmlFor="neuer-abend">Neuer Abend</Label>
            <Input
              id="neuer-abend"
              type="date"
              value={day}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setDay(event.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={move.isPending || day === ''}>
              Verschieben
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
