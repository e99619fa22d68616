import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
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
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatChf, personsLabel } from '@common/format.ts';
import { adminErrorMessage } from '@/lib/error-codes';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, isPaymentMethod } from '@/lib/event-domain';
import { addMonths, dayLabel, monthLabel } from '@/lib/hut-calendar';
import { todayIso } from '@/lib/dates';
import { type AdminHutEvening, useAdminHutMonth, useSetEveningBlocked } from '../api/admin-hut';
import { MoveHutBookingDialog } from './move-hut-booking-dialog';

// /admin/fonduehusli (issue 27): the hut's season month by month, as a list that reads on a phone:
// every evening the hut could open, with the booking holding it (persons, payment) or the block
// and its reason; 'Sperren' asks for a reason (the public sees only "nicht verfügbar"); 'Verschieben'
// moves a booking to another evening under that evening's rules.

const STATE_TEXT: Record<AdminHutEvening['state'], string> = {
  bookable: 'Frei',
  booked: 'Gebucht',
  blocked: 'Gesperrt',
  outside_season: 'Ausserhalb der Saison',
  closed: 'Geschlossen',
  past: 'Vorbei',
};

function paymentText(booking: NonNullable<AdminHutEvening['booking']>): string {
  const method = isPaymentMethod(booking.payment_method)
    ? PAYMENT_METHOD_LABELS[booking.payment_method]
    : booking.payment_method;
  const status =
    PAYMENT_STATUS_LABELS[booking.payment_status as keyof typeof PAYMENT_STATUS_LABELS] ??
    booking.payment_status;
  return booking.open_cents > 0
    ? `${method} · ${status} (offen ${formatChf(booking.open_cents / 100)})`
    : `${method} · ${status}`;
}

function BlockDialog({ day, onClose }: { day: string | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const block = useSetEveningBlocked();
  const submit = async () => {
    if (!day) return;
    try {
      await block.mutateAsync({ day, reason: reason.trim() });
      toast({ title: 'Abend gesperrt', description: `${dayLabel(day)} ist nicht mehr buchbar.` });
      setReason('');
      onClose();
    } catch (error) {
      toast({
        title: 'Nicht gesperrt',
        description: adminErrorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open={day !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Abend sperren</DialogTitle>
          <DialogDescription>
            {day ? dayLabel(day) : ''}: Besucherinnen und Besucher sehen nur «nicht verfügbar».
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
            <Label htmlFor="sperrgrund">Grund (nur intern sichtbar)</Label>
            <Input
              id="sperrgrund"
              value={reason}
              maxLength={300}
              required
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={block.isPending || reason.trim() === ''}>
              Abend sperren
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EveningRow({
  evening,
  onBlock,
  onMove,
}: {
  evening: AdminHutEvening;
  onBlock: (day: string) => void;
  onMove: (evening: AdminHutEvening, opener: HTMLElement) => void;
}) {
  const unblock = useSetEveningBlocked();
  const open = async () => {
    try {
      await unblock.mutateAsync({ day: evening.day, reason: null });
      toast({ title: 'Abend freigegeben', description: `${dayLabel(evening.day)} ist wieder buchbar.` });
    } catch (error) {
      toast({ title: 'Nicht freigegeben', description: adminErrorMessage(error), variant: 'destructive' });
    }
  };
  const booking = evening.booking;
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="font-semibold">{dayLabel(evening.day)}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={evening.state === 'booked' ? 'default' : 'outline'}>
            {STATE_TEXT[evening.state]}
          </Badge>
          {evening.blocked_reason ? <span>Grund: {evening.blocked_reason}</span> : null}
        </p>
        {booking ? (
          <p className="text-sm">
            <Link
              className="underline underline-offset-4"
              to={`/admin/participants/${booking.participant_id}`}
            >
              {booking.name}
            </Link>{' '}
            · {personsLabel(booking.persons)} · {booking.reference}
            <br />
            <span className="text-muted-foreground">{paymentText(booking)}</span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {booking && evening.event_id ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/events/${evening.event_id}/checkin`}>Check-in</Link>
          </Button>
        ) : null}
        {booking && evening.state === 'booked' ? (
          <Button variant="outline" size="sm" onClick={(event) => onMove(evening, event.currentTarget)}>
            Verschieben<span className="sr-only"> ({dayLabel(evening.day)})</span>
          </Button>
        ) : null}
        {evening.state === 'bookable' ? (
          <Button variant="outline" size="sm" onClick={() => onBlock(evening.day)}>
            Sperren<span className="sr-only"> ({dayLabel(evening.day)})</span>
          </Button>
        ) : null}
        {evening.blocked_reason ? (
          <Button variant="outline" size="sm" disabled={unblock.isPending} onClick={() => void open()}>
            Freigeben<span className="sr-only"> ({dayLabel(evening.day)})</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The evenings worth a line: those the hut opens, and any with a booking or a block. */
function shown(evening: AdminHutEvening): boolean {
  return (
    evening.booking !== null ||
    evening.blocked_reason !== null ||
    evening.state === 'bookable' ||
    evening.state === 'booked' ||
    evening.state === 'blocked'
  );
}

export function AdminHutPage() {
  const [month, setMonth] = useState(() => todayIso().slice(0, 7));
  const [blocking, setBlocking] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ evening: AdminHutEvening; opener: HTMLElement } | null>(null);
  const monthHeading = useRef<HTMLHeadingElement>(null);
  const query = useAdminHutMonth(month);
  const evenings = (query.data?.evenings ?? []).filter(shown);
  const booked = evenings.filter((evening) => evening.booking);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="font-serif text-3xl font-semibold">Fonduehüsli</h1>
        <p className="text-muted-foreground">
          Die Abende der Saison mit Buchungen und Sperren. Saison, Wochentage und Preise ändern Sie in den{' '}
          <Link className="underline underline-offset-4" to="/admin/settings">
            Einstellungen
          </Link>
          .
        </p>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          onClick={() => setMonth(addMonths(month, -1))}
          aria-label={`Vorheriger Monat (${monthLabel(addMonths(month, -1))})`}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 ref={monthHeading} tabIndex={-1} className="text-xl font-semibold" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button
          variant="outline"
          size="icon"
          onClick={() => setMonth(addMonths(month, 1))}
          aria-label={`Nächster Monat (${monthLabel(addMonths(month, 1))})`}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {query.isError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4">
          {adminErrorMessage(
            query.error,
            'Die Abende konnten nicht geladen werden. Bitte laden Sie die Seite neu.',
          )}
        </p>
      ) : !query.data ? (
        <Spinner label="Abende werden geladen…" />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {booked.length === 1 ? '1 Buchung' : `${booked.length} Buchungen`},{' '}
            {booked.reduce((sum, evening) => sum + (evening.booking?.persons ?? 0), 0)} Personen
          </p>
          {evenings.length === 0 ? (
            <p>In diesem Monat ist das Fonduehüsli nicht offen.</p>
          ) : (
            <ul className="space-y-3" aria-busy={query.isFetching}>
              {evenings.map((evening) => (
                <EveningRow
                  key={evening.day}
                  evening={evening}
                  onBlock={setBlocking}
                  onMove={(evening, opener) => setMoving({ evening, opener })}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <BlockDialog day={blocking} onClose={() => setBlocking(null)} />
      <MoveHutBookingDialog
        evening={moving?.evening ?? null}
        opener={moving?.opener ?? null}
        onClose={() => setMoving(null)}
        focusAfterMove={monthHeading}
      />
    </div>
  );
}
