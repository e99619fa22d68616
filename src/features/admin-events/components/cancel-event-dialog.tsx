import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage } from '@/lib/error-codes';
import { useCancelEvent } from '../api/cancel-event';

const MESSAGE_MAX = 5000;

function personsBooked(count: number): string {
  if (count === 0) return 'Niemand hat gebucht.';
  return count === 1 ? '1 Person hat gebucht.' : `${count} Personen haben gebucht.`;
}

interface CancelEventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event: { id: string; title: string; currentParticipants: number };
  /** After the cancellation is saved (the form keeps the flag). */
  onCancelled: () => void;
}

/**
 * 'Event absagen': says what happens to the bookings and their money, with an optional message
 * and the choice to notify the customers now (or later from the status card).
 */
export function CancelEventDialog({ open, onOpenChange, event, onCancelled }: CancelEventDialogProps) {
  const cancel = useCancelEvent();
  const [message, setMessage] = useState('');
  const [notify, setNotify] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);

  function change(next: boolean) {
    if (cancel.isPending) return;
    if (next) {
      setMessage('');
      setNotify(true);
      setFailure(null);
    }
    onOpenChange(next);
  }

  function confirm() {
    setFailure(null);
    cancel.mutate(
      { id: event.id, message: message.trim(), notify },
      {
        onSuccess: () => {
          toast({
            title: 'Event abgesagt',
            description: notify
              ? 'Die Buchungen sind storniert; die Kunden erhalten eine E-Mail.'
              : 'Die Buchungen sind storniert. Die Absage können Sie später im Status senden.',
          });
          onOpenChange(false);
          onCancelled();
        },
        onError: (error) => setFailure(adminErrorMessage(error, 'Das Event konnte nicht abgesagt werden.')),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Event absagen</DialogTitle>
          <DialogDescription asChild>
            <div className="space-y-2">
              <p>
                «{event.title}» wird abgesagt und nimmt keine Buchungen mehr an.{' '}
                {personsBooked(event.currentParticipants)}
              </p>
              <p>
                Alle Buchungen werden storniert. Was bezahlt wurde, wird zurückerstattet: Online-Zahlungen
                über Stripe, Rechnung und Vor-Ort-Zahlung per Überweisung, die Sie danach bei der Buchung
                erfassen.
              </p>
            </div>
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="cancel-event-message">Persönliche Nachricht (optional)</Label>
          <Textarea
            id="cancel-event-message"
            rows={3}
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(change) => setMessage(change.target.value)}
          />
        </div>
        <div className="flex items-start gap-2">
          <Checkbox
            id="cancel-event-notify"
            checked={notify}
            onCheckedChange={(checked) => setNotify(checked === true)}
          />
          <Label htmlFor="cancel-event-notify" className="leading-snug">
            Kunden benachrichtigen (Angemeldete und Warteliste erhalten die Absage per E-Mail)
          </Label>
        </div>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {failure}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => change(false)} disabled={cancel.isPending}>
            Abbrechen
          </Button>
          <Button type="button" variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Wird abgesagt…' : 'Event absagen'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
