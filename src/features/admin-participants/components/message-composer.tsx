import { Eye, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import {
  previewMessage,
  useMessageLog,
  useSendMessage,
  useWaitingAddresses,
  type MessageDraft,
} from '../api/messages';
import type { AdminParticipant } from '../lib/admin-participant';
import { personsLabel } from '@common/format.ts';

interface MessageComposerProps {
  /** The participants list as filtered: the message goes to each person in it once. */
  recipients: AdminParticipant[];
  /** The event the list is filtered to, for its log of earlier messages. */
  eventId: string | null;
  onClose: () => void;
}

const addressOf = (email: string) => email.trim().toLowerCase();

/** One mail per person (by e-mail address), as admin_send_message counts them. */
function people(recipients: AdminParticipant[]): AdminParticipant[] {
  const seen = new Set<string>();
  return recipients.filter((p) => {
    const key = addressOf(p.email);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function MessageComposer({ recipients, eventId, onClose }: MessageComposerProps) {
  const ids = useId();
  const [draft, setDraft] = useState<MessageDraft>({ subject: '', body: '' });
  const [preview, setPreview] = useState<(MessageDraft & { name: string }) | null>(null);
  const [toWaitlist, setToWaitlist] = useState(false);
  const send = useSendMessage();
  const persons = people(recipients);
  const first = persons[0];
  // Waiting people who did not also book: they get a mail only when the option is ticked.
  const booked = new Set(persons.map((p) => addressOf(p.email)));
  const waiting = (useWaitingAddresses(eventId).data ?? []).filter((address) => !booked.has(address));
  const total = persons.length + (toWaitlist ? waiting.length : 0);
  const complete = draft.subject.trim() !== '' && draft.body.trim() !== '' && total > 0;

  // The preview shows the first booking; the placeholders fill the same way for the waiting list.
  async function showPreview() {
    if (!first) return;
    try {
      setPreview({ ...(await previewMessage(first.id, draft)), name: first.name });
    } catch {
      toast({ title: 'Die Vorschau konnte nicht erstellt werden', variant: 'destructive' });
    }
  }

  function submit() {
    send.mutate(
      {
        participantIds: persons.map((p) => p.id),
        draft,
        waitlistEventId: toWaitlist && eventId ? eventId : undefined,
      },
      {
        onSuccess: (count) => {
          toast({
            title: 'Nachricht wird versendet',
            description: `${count} ${count === 1 ? 'E-Mail ist' : 'E-Mails sind'} im Postausgang.`,
          });
          onClose();
        },
        onError: () =>
          toast({ title: 'Die Nachricht konnte nicht versendet werden', variant: 'destructive' }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Nachricht an Teilnehmende</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" aria-live="polite">
          An {personsLabel(persons.length)} aus der gefilterten Liste
          {toWaitlist ? ` und ${personsLabel(waiting.length)} von der Warteliste` : ''}, jede erhält eine
          eigene E-Mail.
        </p>
        {eventId && waiting.length > 0 ? (
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${ids}-waitlist`}
              checked={toWaitlist}
              onCheckedChange={(checked) => setToWaitlist(checked === true)}
            />
            <Label htmlFor={`${ids}-waitlist`}>Auch an die Warteliste ({personsLabel(waiting.length)})</Label>
          </div>
        ) : null}
        <div className="space-y-2">
          <Label htmlFor={`${ids}-subject`}>Betreff *</Label>
          <Input
            id={`${ids}-subject`}
            value={draft.subject}
            maxLength={300}
            onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${ids}-body`}>Nachricht *</Label>
          <Textarea
            id={`${ids}-body`}
            rows={8}
            maxLength={10000}
            aria-describedby={`${ids}-placeholders`}
            value={draft.body}
            onChange={(event) => setDraft({ ...draft, body: event.target.value })}
          />
          <p id={`${ids}-placeholders`} className="text-sm text-muted-foreground">
            Platzhalter: {'{name}'} (Name), {'{event}'} (Eventtitel), {'{datum}'} (Datum), {'{ort}'} (Ort)
          </p>
        </div>
        {preview ? (
          <section aria-label="Vorschau" className="rounded-md border bg-muted/40 p-4 text-sm">
            <p className="text-muted-foreground">Vorschau für {preview.name}</p>
            <p className="mt-2 font-semibold">{preview.subject}</p>
            <p className="mt-2 whitespace-pre-wrap break-words">{preview.body}</p>
          </section>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={showPreview} disabled={!complete || !first}>
            <Eye aria-hidden="true" />
            Vorschau
          </Button>
          <ConfirmDialog
            trigger={
              <Button disabled={!complete || send.isPending}>
                <Send aria-hidden="true" />
                Senden
              </Button>
            }
            title="Nachricht senden"
            description={
              <>
                Die Nachricht «{draft.subject}» geht an {personsLabel(total)}.
              </>
            }
            confirmLabel="Senden"
            onConfirm={submit}
          />
          <Button variant="ghost" onClick={onClose}>
            Abbrechen
          </Button>
        </div>
        {eventId ? <MessageLog eventId={eventId} /> : null}
      </CardContent>
    </Card>
  );
}

function MessageLog({ eventId }: { eventId: string }) {
  const log = useMessageLog(eventId);
  if (!log.data || log.data.length === 0) return null;
  return (
    <section aria-label="Bisher gesendet" className="space-y-2">
      <h3 className="font-semibold">Bisher an dieses Event gesendet</h3>
      <ul className="divide-y text-sm">
        {log.data.map((entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span className="break-words">{entry.subject}</span>
            <span className="text-muted-foreground">
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time> · an{' '}
              {personsLabel(entry.recipients)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
