import { useQueryClient } from '@tanstack/react-query';
import { Camera, CameraOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { checkInTicket, DoorError, lookUpTicket, type DoorAnswer } from '../api/door-ticket';
import { participantKeys } from '../api/participant-keys';
import { cents, paymentMethodText } from '../lib/booking-state';
import { startQrCamera, type QrCamera } from '../lib/qr-camera';
import { dropFirst, enqueueScan, readQueue } from '../lib/ticket-queue';
import { formatTicketCounts } from '@common/format.ts';

/** The camera keeps seeing a ticket held up: the same code counts again only after this long. */
const REPEAT_MS = 10_000;
/** How often waiting scans are tried again while the connection is away. */
const RETRY_MS = 10_000;

type Outcome =
  | { kind: 'in' | 'already'; answer: DoorAnswer }
  | { kind: 'choose'; code: string; answer: DoorAnswer }
  | { kind: 'error' | 'queued'; message: string };

/**
 * 'Ticket scannen' on the check-in page (issue 28): the phone's camera or the code typed by hand.
 * A ticket is looked up first; one person still out is checked in at once, a group asks how many
 * came; a second scan says when the booking was checked in. Without a connection the scan waits
 * in the phone's storage and is sent when the connection is back.
 */
export function TicketScanner({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRef<QrCamera | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [waiting, setWaiting] = useState(() => readQueue(localStorage, eventId).length);
  const lastRead = useRef<{ code: string; at: number } | null>(null);
  const working = useRef(false);

  const refreshList = useCallback(
    () => queryClient.invalidateQueries({ queryKey: participantKeys.checkin(eventId) }),
    [queryClient, eventId],
  );

  const queue = useCallback(
    (code: string, persons: number | null) => {
      setWaiting(
        enqueueScan(localStorage, eventId, { code, persons, scannedAt: new Date().toISOString() }).length,
      );
      setOutcome({
        kind: 'queued',
        message:
          'Keine Verbindung: Der Scan ist gespeichert und wird gesendet, sobald die Verbindung zurück ist.',
      });
    },
    [eventId],
  );

  const checkIn = useCallback(
    async (code: string, persons: number | null) => {
      try {
        const answer = await checkInTicket(eventId, code, persons);
        setOutcome({ kind: answer.already_checked_in ? 'already' : 'in', answer });
        void refreshList();
      } catch (error) {
        if (error instanceof DoorError && error.offline) queue(code, persons);
        else setOutcome({ kind: 'error', message: messageOf(error) });
      }
    },
    [eventId, queue, refreshList],
  );

  const handleCode = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (code === '' || working.current) return;
      working.current = true;
      setBusy(true);
      try {
        const answer = await lookUpTicket(eventId, code);
        const remaining = answer.persons - answer.checked_in_persons;
        if (answer.already_checked_in) setOutcome({ kind: 'already', answer });
        else if (remaining === 1) await checkIn(code, null);
        else setOutcome({ kind: 'choose', code, answer });
      } catch (error) {
        if (error instanceof DoorError && error.offline) queue(code, null);
        else setOutcome({ kind: 'error', message: messageOf(error) });
      } finally {
        working.current = false;
        setBusy(false);
      }
    },
    [eventId, checkIn, queue],
  );

  // The camera reads many frames a second: a code counts once until another is read or a while passed.
  const onCameraCode = useCallback(
    (code: string) => {
      const now = Date.now();
      const last = lastRead.current;
      if (last && last.code === code && now - last.at < REPEAT_MS) return;
      lastRead.current = { code, at: now };
      void handleCode(code);
    },
    [handleCode],
  );

  async function toggleCamera() {
    if (camera.current) {
      camera.current.stop();
      camera.current = null;
      setCameraOn(false);
      return;
    }
    setCameraError(null);
    try {
      setCameraOn(true);
      camera.current = await startQrCamera(video.current!, onCameraCode);
    } catch {
      setCameraOn(false);
      setCameraError(
        'Die Kamera ist nicht verfügbar. Erlauben Sie den Zugriff auf die Kamera oder geben Sie den Code von Hand ein.',
      );
    }
  }

  useEffect(() => () => camera.current?.stop(), []);

  // Send the scans that waited for the connection, in order; stop at the first that still cannot go.
  useEffect(() => {
    const sync = async () => {
      let pending = readQueue(localStorage, eventId);
      while (pending.length > 0) {
        const [first] = pending;
        try {
          const answer = await checkInTicket(eventId, first!.code, first!.persons);
          setOutcome({ kind: answer.already_checked_in ? 'already' : 'in', answer });
        } catch (error) {
          if (error instanceof DoorError && error.offline) break;
          setOutcome({ kind: 'error', message: messageOf(error) });
        }
        pending = dropFirst(localStorage, eventId);
        setWaiting(pending.length);
        void refreshList();
      }
    };
    const timer = window.setInterval(() => {
      if (readQueue(localStorage, eventId).length > 0) void sync();
    }, RETRY_MS);
    window.addEventListener('online', sync);
    void sync();
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', sync);
    };
  }, [eventId, refreshList]);

  const nextScan = () => {
    lastRead.current = null;
    setOutcome(null);
  };

  return (
    <section aria-labelledby="scan-heading" className="space-y-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="scan-heading" className="text-lg font-semibold">
          Ticket scannen
        </h2>
        <Button type="button" variant={cameraOn ? 'outline' : 'default'} onClick={() => void toggleCamera()}>
          {cameraOn ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
          {cameraOn ? 'Kamera stoppen' : 'Kamera starten'}
        </Button>
      </div>
      <video
        ref={video}
        muted
        aria-label="Kamerabild"
        className={cameraOn ? 'aspect-square w-full max-w-sm rounded-md bg-black object-cover' : 'hidden'}
      />
      {cameraError ? (
        <p role="alert" className="text-sm text-destructive">
          {cameraError}
        </p>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void handleCode(typed);
        }}
      >
        <div className="min-w-0 flex-1 space-y-1">
          <Label htmlFor="ticket-code">Ticket-Code</Label>
          <Input
            id="ticket-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Wird geprüft…' : 'Prüfen'}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {outcome ? <OutcomeView outcome={outcome} onCheckIn={checkIn} onNext={nextScan} /> : null}
        {waiting > 0 ? (
          <p className="mt-2 text-sm font-medium">
            {waiting === 1 ? '1 Scan wartet' : `${waiting} Scans warten`} auf die Verbindung.
          </p>
        ) : null}
      </div>
    </section>
  );
}

function messageOf(error: unknown): string {
  return error instanceof DoorError
    ? error.message
    : 'Das Ticket konnte nicht geprüft werden. Bitte versuchen Sie es noch einmal.';
}

function OutcomeView({
  outcome,
  onCheckIn,
  onNext,
}: {
  outcome: Outcome;
  onCheckIn: (code: string, persons: number) => Promise<void>;
  onNext: () => void;
}) {
  if (outcome.kind === 'error' || outcome.kind === 'queued') {
    return (
      <div className="space-y-2">
        <p className={outcome.kind === 'error' ? 'font-medium text-destructive' : 'font-medium'}>
          {outcome.message}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onNext}>
          Nächster Scan
        </Button>
      </div>
    );
  }
  if (outcome.kind === 'choose')
    return <ChoosePersons outcome={outcome} onCheckIn={onCheckIn} onCancel={onNext} />;
  if (outcome.kind !== 'in' && outcome.kind !== 'already') return null;
  const { answer } = outcome;
  return (
    <div
      className={
        outcome.kind === 'in'
          ? 'space-y-1 rounded-md border border-primary/40 bg-primary/10 p-3'
          : 'space-y-1 rounded-md border border-destructive/40 bg-destructive/10 p-3'
      }
    >
      <p className="text-lg font-semibold">
        {outcome.kind === 'in' ? 'Eingecheckt' : `Bereits eingecheckt um ${answer.checked_in_time ?? '–'}`}
      </p>
      <p>
        {answer.name} · {answer.reference} · {answer.checked_in_persons} von {answer.persons}{' '}
        {answer.persons === 1 ? 'Person' : 'Personen'}
      </p>
      {answer.tickets ? <p>{formatTicketCounts(answer.tickets)}</p> : null}
      <OpenMoney answer={answer} />
      <Button type="button" variant="outline" size="sm" onClick={onNext}>
        Nächster Scan
      </Button>
    </div>
  );
}

/** What is still to collect at the door, so nobody walks in unpaid by mistake. */
function OpenMoney({ answer }: { answer: DoorAnswer }) {
  if (answer.open_cents <= 0) return null;
  return (
    <p className="font-semibold">
      Noch offen: {cents(answer.open_cents)} ({paymentMethodText(answer.payment_method, null)})
    </p>
  );
}

function ChoosePersons({
  outcome,
  onCheckIn,
  onCancel,
}: {
  outcome: Extract<Outcome, { kind: 'choose' }>;
  onCheckIn: (code: string, persons: number) => Promise<void>;
  onCancel: () => void;
}) {
  const { answer, code } = outcome;
  const remaining = answer.persons - answer.checked_in_persons;
  const [count, setCount] = useState(remaining);
  const [sending, setSending] = useState(false);
  return (
    <form
      className="space-y-2 rounded-md border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setSending(true);
        void onCheckIn(code, count).finally(() => setSending(false));
      }}
    >
      <p className="font-semibold">
        {answer.name} · {answer.reference}
      </p>
      <p>
        {remaining} von {answer.persons} Personen noch nicht eingecheckt.
      </p>
      {answer.tickets ? <p>{formatTicketCounts(answer.tickets)}</p> : null}
      <OpenMoney answer={answer} />
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="ticket-persons">Personen jetzt einchecken</Label>
          <select
            id="ticket-persons"
            value={count}
            onChange={(event) => setCount(Number(event.target.value))}
            className="flex h-10 rounded-md border border-input bg-background px-3 py-2 text-base"
          >
            {Array.from({ length: remaining }, (_, index) => remaining - index).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={sending}>
          Einchecken
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
