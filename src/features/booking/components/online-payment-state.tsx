import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { formatChf } from '@common/format.ts';
import type { BookingView } from '../api/booking-view';
import { type CheckoutOf, startCheckout } from '../api/start-checkout';

// The online payment's real state on the confirmation page, where Stripe sends the visitor back
// after paying or cancelling (issue 15): 'Bezahlt', 'Zahlung offen – erneut versuchen' with a
// button that opens the checkout again, 'Reservation abgelaufen'.

export interface OnlinePaymentStateProps {
  booking: BookingView;
  token: string;
  /** Back from Stripe's success page: an open state is Stripe's confirmation still on its way. */
  returnedFromPayment: boolean;
}

function amountOf(booking: BookingView): string {
  return booking.amount_cents === null ? '' : formatChf(booking.amount_cents / 100);
}

function describe(booking: BookingView, confirming: boolean): { heading: string; body: string } | null {
  switch (booking.state) {
    case 'paid':
      return {
        heading: 'Bezahlt',
        body: `Vielen Dank! Deine Zahlung von ${amountOf(booking)} ist eingegangen. Die Quittung erhältst du per E-Mail.`,
      };
    case 'open':
      return confirming
        ? {
            heading: 'Zahlung wird bestätigt',
            body: 'Einen Moment bitte, wir warten auf die Bestätigung von Stripe.',
          }
        : {
            heading: 'Zahlung offen – erneut versuchen',
            body: `Deine Buchung ist gespeichert, aber noch nicht bezahlt (${amountOf(booking)}). Dein Platz bleibt 30 Minuten reserviert.`,
          };
    case 'expired':
      return {
        heading: 'Reservation abgelaufen',
        body: 'Die Zahlung ist nicht rechtzeitig eingegangen; der reservierte Platz wurde wieder freigegeben. Es wurde nichts belastet. Du kannst dich gerne erneut anmelden.',
      };
    case 'refunded':
      return {
        heading: 'Erstattet',
        body: `Deine Zahlung von ${amountOf(booking)} wurde zurückerstattet.`,
      };
    default:
      return null;
  }
}

/** 'Jetzt bezahlen': opens the checkout (the same session while it is open) and goes there. */
export function PayAgain({
  booking,
  className = 'mt-4 space-y-3',
}: {
  booking: CheckoutOf;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    const started = await startCheckout(booking);
    if (started.ok) {
      window.location.assign(started.url);
      return;
    }
    setError(started.message);
    setBusy(false);
  };
  return (
    <div className={className}>
      <Button size="lg" disabled={busy} onClick={() => void pay()}>
        {busy ? 'Wird verarbeitet…' : 'Jetzt bezahlen'}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function OnlinePaymentState({ booking, token, returnedFromPayment }: OnlinePaymentStateProps) {
  const confirming = returnedFromPayment && booking.state === 'open';
  const text = describe(booking, confirming);
  if (!text) return null;
  return (
    <section role="status" aria-live="polite" className="mt-8 rounded-md border p-4">
      <h2 className="text-2xl font-semibold">{text.heading}</h2>
      <p className="mt-2 text-muted-foreground">{text.body}</p>
      {booking.state === 'open' && !confirming ? (
        <PayAgain booking={{ reference: booking.reference, token }} />
      ) : null}
      {booking.state === 'expired' ? (
        <Button asChild size="lg" className="mt-4">
          <Link to={`/events/${booking.event.slug}`}>Erneut anmelden</Link>
        </Button>
      ) : null}
    </section>
  );
}
