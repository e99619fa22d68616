import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useNotifyEventCancelled } from '../api/notify-event-cancelled';

const MESSAGE_MAX = 5000;

interface NotifyCancelledDialogProps {
  eventId: string;
  open: boolean;
  onClose: () => void;
}

/** After 'Event absagen': whether to tell the participants and the waiting list by e-mail. */
export function NotifyCancelledDialog({ eventId, open, onClose }: NotifyCancelledDialogProps) {
  const [message, setMessage] = useState('');
  const notify = useNotifyEventCancelled();

  function send() {
    notify.mutate(
      { id: eventId, message: message.trim() },
      {
        onSuccess: (count) => {
          toast({
            title:
              count === 0
                ? 'Niemand zu benachrichtigen'
                : count === 1
                  ? '1 E-Mail wird versendet'
                  : `${count} E-Mails werden versendet`,
          });
          onClose();
        },
        onError: () =>
          toast({
            title: 'Die E-Mails konnten nicht versendet werden',
            description: 'Das Event bleibt abgesagt. Bitte versuchen Sie es noch einmal.',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Teilnehmende informieren?</AlertDialogTitle>
          <AlertDialogDescription>
            Alle Angemeldeten und die Warteliste erhalten eine E-Mail, dass das Event abgesagt ist.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-1">
          <Label htmlFor="cancel-message">Persönliche Nachricht (optional)</Label>
          <Textarea
            id="cancel-message"
            rows={4}
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Nicht informieren</AlertDialogCancel>
          <Button type="button" disabled={notify.isPending} onClick={send}>
            {notify.isPending ? 'Wird versendet...' : 'E-Mails senden'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
