import { CalendarPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import type { BookingView } from '../api/booking-view';
import { calendarHref } from '../lib/calendar';
import { confirmationHeading, isAwaitingConfirmation } from '../lib/confirmation-outcome';
import { arrivedFromForm, manageBookingPath } from '../lib/booking-paths';
import { BookingSummary, deadlineText } from './booking-summary';
import { BookingTicket } from './booking-ticket';
import { OnlinePaymentState } from './online-payment-state';

// The confirmation page (/buchung/{reference}#token): reference, what was booked, persons, total,
// how to pay, 'Zum Kalender hinzufügen' and the manage link.

/** Said on the confirmation page of a booking held until the visitor confirms it by mail. */
export const AWAITING_CONFIRMATION_TEXT =
  'Bitte bestätige deine Buchung innerhalb von 60 Minuten über den Link «Buchung bestätigen» in der E-Mail, die wir dir geschickt haben. Ohne Bestätigung geben wir die Plätze wieder frei.';

/** Held without online payment: a large on-site or invoice booking not yet confirmed by its mail link. */
export function BookingConfirmation({
  booking,
  token,
  returnedFromPayment = false,
}: {
  booking: BookingView;
  token: string;
  /** Stripe's success URL (?zahlung=erfolgt): wait for its confirmation instead of offering to pay. */
  returnedFromPayment?: boolean;
}) {
  const cancelled =
    booking.state === 'cancelled' || booking.state === 'refunded' || booking.state === 'expired';
  // A large on-site or invoice booking waits for the click on the link in its mail (issue 25).
  const awaitingConfirmation = isAwaitingConfirmation(booking);
  // A cancelled event (or booking) offers no calendar entry.
  const calendar = cancelled || booking.event.is_cancelled ? null : calendarHref(booking);
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const focusHeading = arrivedFromForm(location.state);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <div>
      <h1 ref={heading} tabIndex={-1} className="text-4xl font-semibold outline-none md:text-5xl">
        {confirmationHeading(booking)}
      </h1>
      <p className="mt-6 text-lg text-muted-foreground">
        {cancelled
          ? `Deine Buchung für «${booking.event.title}» ist storniert.`
          : `Danke, ${booking.name}! Die Bestätigung mit allen Angaben haben wir an ${booking.email} geschickt.`}
      </p>
      {awaitingConfirmation ? (
        <p className="mt-4 rounded-md border border-primary/40 bg-primary/10 p-3 font-medium">
          {AWAITING_CONFIRMATION_TEXT}
        </p>
      ) : null}
      {booking.event.is_cancelled ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive"
        >
          Dieses Event wurde abgesagt. Wir melden uns bei dir.
        </p>
      ) : null}
      {booking.payment_method === 'stripe' ? (
        <OnlinePaymentState booking={booking} token={token} returnedFromPayment={returnedFromPayment} />
      ) : null}
      <BookingSummary booking={booking} />
      {booking.ticket_code ? (
        <BookingTicket code={booking.ticket_code} reference={booking.reference} token={token} />
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {calendar ? (
          <Button asChild size="lg" variant="outline">
            <a href={calendar} download={`${booking.reference}.ics`}>
              <CalendarPlus aria-hidden="true" />
              Zum Kalender hinzufügen
            </a>
          </Button>
        ) : null}
        {!cancelled ? (
          <Button asChild size="lg">
            <Link to={manageBookingPath(booking.reference, token)}>Buchung ändern oder stornieren</Link>
          </Button>
        ) : null}
      </div>
      {!cancelled && !booking.event.is_cancelled ? (
        <p className="mt-4 text-sm text-muted-foreground">{deadlineText(booking)}</p>
      ) : null}
    </div>
  );
}
