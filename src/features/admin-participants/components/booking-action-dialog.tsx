import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { errorCodeOf } from '@/lib/error-codes';
import { participantChangeError } from '../api/edit-participant';

export interface BookingActionDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  /** What will happen: seats, money, the customer's mail. */
  description: ReactNode;
  /** Fields (amount, reason, target event); the dialog is one form. */
  children?: ReactNode;
  confirmLabel: string;
  /** Whether the fields are complete enough to confirm. */
  canConfirm?: boolean;
  /**
   * Where the action takes seats again (persons up, move, reactivate): the label of the button
   * that does it anyway when the event is full, e.g. 'Trotzdem verschieben (Überbuchung)'. The
   * database records the override in the booking's history.
   */
  overrideLabel?: string;
  /** Runs the transition; throws the database's refusal. */
  onConfirm: (override: boolean) => Promise<void>;
  /** Resets the fields when the dialog opens. */
  onOpen?: () => void;
}

/**
 * Asks before a staff action on a booking and runs it: the database's refusal is shown in the
 * admin's words in the dialog (it stays open), and a full event offers the explicit override.
 */
export function BookingActionDialog({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  canConfirm = true,
  overrideLabel,
  onConfirm,
  onOpen,
}: BookingActionDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; full: boolean } | null>(null);

  function changeOpen(next: boolean) {
    if (busy) return;
    if (next) {
      setFailure(null);
      onOpen?.();
    }
    setOpen(next);
  }

  async function run(override: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(override);
      setBusy(false);
      setOpen(false);
    } catch (error) {
      setBusy(false);
      setFailure({
        message: participantChangeError(error),
        full: errorCodeOf(error) === 'NOT_ENOUGH_SEATS',
      });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canConfirm && !busy) void run(false);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate aria-label={title}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription asChild>
              <div className="space-y-2">{description}</div>
            </DialogDescription>
          </DialogHeader>
          {children}
          {failure ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              {failure.message}
              {failure.full && overrideLabel
                ? ' Sie können die Buchung trotzdem ausführen; das Event ist dann überbucht, und der Verlauf hält das fest.'
                : ''}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
              Abbrechen
            </Button>
            {failure?.full && overrideLabel ? (
              <Button type="button" variant="destructive" disabled={busy} onClick={() => void run(true)}>
                {overrideLabel}
              </Button>
            ) : null}
            <Button type="submit" disabled={!canConfirm || busy}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
