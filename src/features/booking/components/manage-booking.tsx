import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatChf, formatTotal, personsLabel } from '@common/format.ts';
import { type BookingView, useChangeBooking } from '../api/booking-view';
import { describeBookingChangeError } from '../lib/booking-change-errors';
import { confirmationPath } from '../lib/booking-paths';
import { BookingContact } from './booking-link-state';
import { BookingReceipts } from './booking-receipts';
import { BookingTicket } from './booking-ticket';
import { cancellationTerms } from '@/lib/cancellation-terms';
import { BookingSummary, deadlineText } from './booking-summary';
import { OnlinePaymentState } from './online-payment-state';

// The manage page (/buchung/{reference}/verwalten#token): the booking, and until the event's
// cancellation deadline the visitor's own cancellation or reduction, free of charge. The
// database decides (change_booking); the page shows its answer.

function ChangeForm({ booking, token }: { booking: BookingView; token: string }) {
  const change = useChangeBooking(booking.reference, token);
  const [persons, setPersons] = useState(Math.max(booking.persons - 1, 1));
  const [error, setError] = useState<string | null>(null);

  // A booking with ticket types gives up one ticket of the chosen type (issue 28).
  const typedLines = (booking.tickets ?? []).filter(
    (line) => line.ticket_type_id !== null && line.persons > 0,
  );
  const [giveUp, setGiveUp] = useState(typedLines[0]?.ticket_type_id ?? '');

  // Fewer persons: a new number, or (with ticket types) one ticket of the chosen type back.
  const reduction =
    typedLines.length > 0
      ? {
          id: 'reduce-ticket',
          label: 'Ein Ticket abgeben',
          value: giveUp,
          choose: setGiveUp,
          options: typedLines.map((line) => ({
            value: line.ticket_type_id ?? '',
            label: `${line.name} (${formatChf(line.price_cents / 100)})`,
          })),
        }
      : {
          id: 'reduce-persons',
          label: 'Neue Anzahl Personen',
          value: String(persons),
          choose: (value: string) => setPersons(Number(value)),
          options: Array.from({ length: booking.persons - 1 }, (_, index) => index + 1).map((count) => ({
            value: String(count),
            label: `${personsLabel(count)} (${reducedTotal(booking, count)})`,
          })),
        };
  const reduce = () => {
    if (typedLines.length === 0) {
      void submit(persons);
      return;
    }
    const line = typedLines.find((candidate) => candidate.ticket_type_id === giveUp);
    if (line) void submit(booking.persons - 1, { [giveUp]: line.persons - 1 });
  };

  const submit = async (next: number, tickets?: Record<string, number>) => {
    setError(null);
    try {
      const done = await change.mutateAsync({ persons: next, tickets });
      toast({
        title: done.kind === 'cancelled' ? 'Buchung storniert' : 'Buchung geändert',
        description:
          done.kind === 'cancelled'
            ? 'Deine Buchung ist storniert. Die Bestätigung erhältst du per E-Mail.'
            : `Deine Buchung gilt jetzt für ${personsLabel(done.persons)}. Die Bestätigung erhältst du per E-Mail.`,
      });
    } catch (failure) {
      // The choice stays as it was; the message says why it did not go through.
      setError(describeBookingChangeError(failure));
    }
  };

  return (
    <section aria-labelledby="change-heading" className="mt-10 space-y-6">
      <h2 id="change-heading" className="text-2xl font-semibold">
        Buchung ändern
      </h2>
      <p className="text-muted-foreground">{deadlineText(booking)}</p>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}
      {booking.persons > 1 && (booking.can_reduce ?? true) ? (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            reduce();
          }}
        >
          <div className="space-y-2">
            <label htmlFor={reduction.id} className="text-sm font-medium">
              {reduction.label}
            </label>
            <select
              id={reduction.id}
              value={reduction.value}
              onChange={(event) => reduction.choose(event.target.value)}
              className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:w-72 md:text-sm"
            >
              {reduction.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={change.isPending}>
            Personen reduzieren
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        trigger={
          <Button variant="destructive" disabled={change.isPending}>
            Buchung stornieren
          </Button>
        }
        title="Buchung stornieren?"
        description={`Deine Buchung ${booking.reference} für «${booking.event.title}» (${personsLabel(booking.persons)}) wird storniert und die Plätze werden wieder frei.${keptNotice(booking)}`}
        confirmLabel="Ja, stornieren"
        onConfirm={() => void submit(0)}
      />
    </section>
  );
}

/** What a cancellation now keeps, said before the visitor confirms (the hut after its deadline). */
function keptNotice(booking: BookingView): string {
  // Events without a late share: free until the deadline, and the page says so above.
  if (booking.event.late_cancellation_charge_percent == null) return '';
  const keep = booking.cancellation?.late ? booking.cancellation.keep_cents : 0;
  return keep > 0
    ? ` Die kostenlose Stornierungsfrist ist abgelaufen: Wir verrechnen ${booking.cancellation?.late_charge_percent ?? ''} % (${formatChf(keep / 100)}).`
    : ' Die Stornierung ist kostenlos.';
}

function NoChange({ booking }: { booking: BookingView }) {
  if (booking.state === 'cancelled' || booking.state === 'refunded' || booking.state === 'expired') {
    return (
      <p role="status" className="mt-10 text-lg">
        Diese Buchung ist storniert.{' '}
        {booking.event.category === 'fondue' ? (
          <Link className="underline underline-offset-4" to="/fonduehusli">
            Zum Fonduehüsli
          </Link>
        ) : (
          <Link className="underline underline-offset-4" to={`/events/${booking.event.slug}`}>
            Zum Event
          </Link>
        )}
      </p>
    );
  }
  if (booking.event.is_cancelled) {
    return (
      <p role="status" className="mt-10 text-lg">
        Dieses Event wurde abgesagt. Wir melden uns bei dir. Bei Fragen erreichst du uns unter{' '}
        <BookingContact />.
      </p>
    );
  }
  return (
    <section aria-labelledby="deadline-heading" className="mt-10 space-y-3">
      <h2 id="deadline-heading" className="text-2xl font-semibold">
        Änderungen nur noch über uns
      </h2>
      <p className="text-muted-foreground">
        {cancellationTerms(booking.event.cancellation_deadline_hours)} Diese Frist ist abgelaufen. Möchtest du
        trotzdem etwas ändern, melde dich bitte bei uns unter <BookingContact />.
      </p>
    </section>
  );
}

/** What the booking costs with `count` persons: by its own terms (a discount code) when the database says. */
function reducedTotal(booking: BookingView, count: number): string {
  const cents = booking.discount ? booking.total_cents_by_persons?.[count - 1] : undefined;
  return cents === undefined ? formatTotal(booking.event.price, count) : formatChf(cents / 100);
}

export function ManageBooking({ booking, token }: { booking: BookingView; token: string }) {
  return (
    <div>
      <h1 className="text-4xl font-semibold md:text-5xl">Buchung verwalten</h1>
      {/* The mails of the team's changes link here with "Jetzt bezahlen" when money is open (issue 24). */}
      {booking.payment_method === 'stripe' && booking.state === 'open' ? (
        <OnlinePaymentState booking={booking} token={token} returnedFromPayment={false} />
      ) : null}
      <BookingSummary booking={booking} />
      {booking.ticket_code ? (
        <BookingTicket code={booking.ticket_code} reference={booking.reference} token={token} />
      ) : null}
      <BookingReceipts reference={booking.reference} token={token} />
      {booking.can_change ? <ChangeForm booking={booking} token={token} /> : <NoChange booking={booking} />}
      <p className="mt-10">
        <Link className="underline underline-offset-4" to={confirmationPath(booking.reference, token)}>
          Zur Buchungsbestätigung
        </Link>
      </p>
    </div>
  );
}
