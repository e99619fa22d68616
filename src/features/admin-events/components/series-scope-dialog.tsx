import { useId, useState } from 'react';
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
import type { SeriesScope } from '../api/event-series';

const MESSAGE_MAX = 5000;

interface SeriesScopeDialogProps {
  open: boolean;
  /** Why "dieses und alle folgenden" is not offered (a change only this event can take), or null. */
  followingRefusal: string | null;
  busy: boolean;
  /** The message goes with the change notices of the following occurrences. */
  onConfirm: (scope: SeriesScope, message: string) => void;
  onCancel: () => void;
}

/** Saving an occurrence of a series: "nur dieses" or "dieses und alle folgenden". */
export function SeriesScopeDialog({
  open,
  followingRefusal,
  busy,
  onConfirm,
  onCancel,
}: SeriesScopeDialogProps) {
  const id = useId();
  const [scope, setScope] = useState<SeriesScope>('this');
  const [message, setMessage] = useState('');

  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Termin einer Serie ändern</AlertDialogTitle>
          <AlertDialogDescription>
            Dieses Event gehört zu einer Serie. Für welche Termine sollen die Änderungen gelten?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fieldset className="space-y-3">
          <legend className="sr-only">Geltungsbereich</legend>
          <div className="flex items-center gap-2">
            <input
              type="radio"
              id={`${id}-this`}
              name={`${id}-scope`}
              className="h-4 w-4 accent-primary"
              checked={scope === 'this'}
              onChange={() => setScope('this')}
            />
            <Label htmlFor={`${id}-this`}>Nur dieses</Label>
          </div>
          <div className="flex items-center gap-2">
            <input
              type="radio"
              id={`${id}-following`}
              name={`${id}-scope`}
              className="h-4 w-4 accent-primary"
              checked={scope === 'following'}
              disabled={followingRefusal !== null}
              aria-describedby={followingRefusal ? `${id}-refusal` : undefined}
              onChange={() => setScope('following')}
            />
            <Label htmlFor={`${id}-following`}>Dieses und alle folgenden</Label>
          </div>
          {followingRefusal ? (
            <p id={`${id}-refusal`} className="text-sm text-muted-foreground">
              {followingRefusal}
            </p>
          ) : null}
        </fieldset>
        {scope === 'following' ? (
          <div className="space-y-1">
            <p className="text-sm text-muted-foreground">
              Ändern sich Datum, Zeit oder Ort, erhalten die Angemeldeten und die Warteliste der betroffenen
              Termine eine E-Mail mit den neuen Angaben.
            </p>
            <Label htmlFor={`${id}-message`}>Persönliche Nachricht (optional)</Label>
            <Textarea
              id={`${id}-message`}
              rows={3}
              maxLength={MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Abbrechen</AlertDialogCancel>
          <Button type="button" disabled={busy} onClick={() => onConfirm(scope, message.trim())}>
            {busy ? 'Wird gespeichert…' : 'Speichern'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
