import { Link } from 'react-router-dom';
import { formatDateRange, formatDateTime } from '@/lib/dates';
import { PAYMENT_METHOD_LABELS, isPaymentMethod } from '@/lib/event-domain';
import { formatChf, formatGross, formatTickets, onlinePaymentLabel } from '@common/format.ts';
import { displayTime } from '@common/event-time.ts';
import { paymentInstructions } from '@common/payment-texts.ts';
import type { BookingView } from '../api/booking-view';
import { cancellationTerms } from '@/lib/cancellation-terms';

// What was booked, as the confirmation page and the manage page show it.

const STATE_LABELS: Record<BookingView['state'], string> = {
  paid: 'Bezahlt',
  open: 'Zahlung offen',
  expired: 'Reservation abgelaufen',
  pending: 'Offen',
  cancelled: 'Storniert',
  refunded: 'Erstattet',
};

/** The deadline as a sentence, or the rule alone when the event has no date yet. */
export function deadlineText(booking: BookingView): string {
  const late = booking.event.late_cancellation_charge_percent;
  // A booking whose late cancellation keeps a share (the hut): which rule applies now.
  if (booking.deadline && late !== null && late !== undefined) {
    return booking.cancellation?.late
      ? `Die kostenlose Stornierungsfrist ist am ${formatDateTime(booking.deadline)} Uhr abgelaufen. Stornierst du jetzt, verrechnen wir ${late} % (${formatChf(booking.cancellation.keep_cents / 100)}); was du mehr bezahlt hast, erstatten wir dir zurück.`
      : `Kostenlos stornieren bis ${formatDateTime(booking.deadline)} Uhr. Danach verrechnen wir ${late} % des Preises.`;
  }
  return booking.deadline
    ? `Kostenlos stornieren oder reduzieren bis ${formatDateTime(booking.deadline)} Uhr.`
    : cancellationTerms(booking.event.cancellation_deadline_hours);
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-3 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function BookingSummary({ booking }: { booking: BookingView }) {
  // Paid online: the method Stripe reported, so a TWINT payment never reads as a card payment.
  const method =
    booking.payment_method === 'stripe' && booking.paid_method
      ? onlinePaymentLabel(booking.paid_method)
      : isPaymentMethod(booking.payment_method)
        ? PAYMENT_METHOD_LABELS[booking.payment_method]
        : booking.payment_method;
  const active = booking.state !== 'cancelled' && booking.state !== 'refunded' && booking.state !== 'expired';
  // Money back to the visitor; a voucher's part went back onto the voucher (its own row).
  const refundedMoney = (booking.refunded_cents ?? 0) - (booking.voucher_returned_cents ?? 0);
  return (
    <dl className="mt-8">
      <Row label="Buchungsnummer">
        <span className="font-mono text-lg font-semibold tracking-wider">{booking.reference}</span>
      </Row>
      <Row label="Event">
        {/* A hut evening is no public event: its page is the hut's. */}
        <Link
          className="underline underline-offset-4"
          to={booking.event.category === 'fondue' ? '/fonduehusli' : `/events/${booking.event.slug}`}
        >
          {booking.event.title}
        </Link>
      </Row>
      <Row label="Datum">{formatDateRange(booking.event.start_date, booking.event.end_date)}</Row>
      {booking.event.start_time ? (
        <Row label="Zeit">{displayTime(booking.event.start_time, booking.event.end_time)}</Row>
      ) : null}
      <Row label="Ort">{booking.event.location}</Row>
      <Row label="Personen">{booking.persons}</Row>
      {booking.tickets?.length ? (
        <Row label="Tickets">
          <ul>
            {booking.tickets.map((line) => (
              <li key={line.name}>{formatTickets([line])}</li>
            ))}
          </ul>
        </Row>
      ) : null}
      {booking.discount && booking.discount.cents > 0 ? (
        <>
          <Row label="Preis">{formatGross(booking.event.price, booking.persons, booking.tickets)}</Row>
          <Row label={`Rabatt (${booking.discount.code})`}>− {formatChf(booking.discount.cents / 100)}</Row>
          <Row label="Total">{formatChf((booking.amount_cents ?? 0) / 100)}</Row>
        </>
      ) : (
        <Row label="Total">{formatGross(booking.event.price, booking.persons, booking.tickets)}</Row>
      )}
      <Row label="Zahlung">
        {method} · {STATE_LABELS[booking.state]}
        {active && booking.state !== 'paid' ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {paymentInstructions(booking.payment_method, booking.payment_status)}
          </p>
        ) : null}
      </Row>
      {booking.voucher_cents ? (
        <Row label="Mit Gutschein bezahlt">{formatChf(booking.voucher_cents / 100)}</Row>
      ) : null}
      {refundedMoney > 0 ? <Row label="Erstattet">{formatChf(refundedMoney / 100)}</Row> : null}
      {booking.voucher_returned_cents ? (
        <Row label="Dem Gutschein gutgeschrieben">{formatChf(booking.voucher_returned_cents / 100)}</Row>
      ) : null}
      {booking.event.bring_along ? <Row label="Bitte mitbringen">{booking.event.bring_along}</Row> : null}
      {booking.answers.map((answer) => (
        <Row key={answer.questionId} label={answer.label}>
          {answer.answer}
        </Row>
      ))}
    </dl>
  );
}
