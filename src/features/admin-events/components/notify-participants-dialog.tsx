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
import { adminErrorMessage } from '@/lib/error-codes';

const MESSAGE_MAX = 5000;

/** What the dialog asks, and what it says when the mails cannot be queued. */
export interface NoticeTexts {
  title: string;
  description: string;
  /** The saved change stays whatever happens to the mails: say so. */
  failure: string;
}

export const CANCELLED_NOTICE: NoticeTexts = {
  title: 'Teilnehmende informieren?',
  description: 'Alle Angemeldeten und die Warteliste erhalten eine E-Mail, dass das Event abgesagt ist.',
  failure: 'Das Event bleibt abgesagt. Bitte versuchen Sie es noch einmal.',
};

export const CHANGED_NOTICE: NoticeTexts = {
  title: 'Teilnehmende über die Änderung informieren?',
  description:
    'Datum, Zeit oder Ort haben sich geändert. Alle Angemeldeten und die Warteliste erhalten eine E-Mail mit den neuen Angaben.',
  failure: 'Die Änderungen sind gespeichert. Bitte versuchen Sie es noch einmal.',
};

function queuedTitle(count: number): string {
  if (count === 0) return 'Niemand zu benachrichtigen';
  return count === 1 ? '1 E-Mail wird versendet' : `${count} E-Mails werden versendet`;
}

interface NotifyParticipantsDialogProps {
  open: boolean;
  texts: NoticeTexts;
  /** Queues the mails with the optional personal message; answers how many. */
  send: (message: string) => Promise<number>;
  /** After sending, or when the admin chooses not to inform anybody. */
  onClose: () => void;
}

/**
 * After a cancellation or a change of date, time or place: whether to tell everybody who booked
 * or waits, by e-mail through the outbox, with an optional personal message.
 */
export function NotifyParticipantsDialog({ open, texts, send, onClose }: NotifyParticipantsDialogProps) {
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  async function submit() {
    setSending(true);
    try {
      toast({ title: queuedTitle(await send(message.trim())) });
      onClose();
    } catch (error) {
      // EVENT_NOT_CANCELLED, NOTHING_CHANGED...: the database's reason, else the dialog's own.
      toast({
        title: 'Die E-Mails konnten nicht versendet werden',
        description: adminErrorMessage(error, texts.failure),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.title}</AlertDialogTitle>
          <AlertDialogDescription>{texts.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-1">
          <Label htmlFor="notice-message">Persönliche Nachricht (optional)</Label>
          <Textarea
            id="notice-message"
            rows={4}
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Nicht informieren</AlertDialogCancel>
          <Button type="button" disabled={sending} onClick={() => void submit()}>
            {sending ? 'Wird versendet…' : 'E-Mails senden'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
