import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatChf } from '@common/format.ts';
import { site } from '@/lib/site';
import { type PaymentState, usePaymentState } from '../api/get-payment-state';
import { PayAgain } from './online-payment-state';

// The real state of a registration's payment (issue 15): where Stripe sends the visitor back
// after paying or cancelling, and where a failed start of the payment leads. Each state says
// what happens next, in the visitor's words.

export interface PaymentStatusProps {
  participantId: string;
  token: string;
  /** Back from Stripe's success page: wait for Stripe's confirmation instead of offering to pay. */
  returnedFromPayment: boolean;
}

interface StateText {
  heading: string;
  body: string;
}

function amountOf(payment: PaymentState): string {
  return payment.amount_cents === null ? '' : formatChf(payment.amount_cents / 100);
}

function describe(payment: PaymentState): StateText {
  const title = `«${payment.event_title}»`;
  switch (payment.state) {
    case 'paid':
      return payment.payment_method === 'free'
        ? {
            heading: 'Anmeldung bestätigt',
            body: `Deine Anmeldung für ${title} ist kostenlos und bestätigt.`,
          }
        : {
            heading: 'Bezahlt',
            body: `Vielen Dank! Deine Zahlung von ${amountOf(payment)} für ${title} ist eingegangen. Die Quittung erhältst du per E-Mail.`,
          };
    case 'open':
      return {
        heading: 'Zahlung offen – erneut versuchen',
        body: `Deine Anmeldung für ${title} ist gespeichert, aber noch nicht bezahlt (${amountOf(payment)}). Dein Platz bleibt 30 Minuten reserviert.`,
      };
    case 'expired':
      return {
        heading: 'Reservation abgelaufen',
        body: `Die Zahlung für ${title} ist nicht rechtzeitig eingegangen; der reservierte Platz wurde wieder freigegeben. Es wurde nichts belastet. Du kannst dich gerne erneut anmelden.`,
      };
    case 'pending':
      return {
        heading: 'Anmeldung gespeichert',
        body:
          payment.payment_method === 'invoice'
            ? `Deine Anmeldung für ${title} ist gespeichert. Bezahlung per Rechnung (${amountOf(payment)}): Die Rechnung mit QR-Einzahlungsschein erhältst du als PDF mit deiner Bestätigungs-E-Mail.`
            : `Deine Anmeldung für ${title} ist gespeichert. Bezahlung: Bar oder TWINT vor Ort (${amountOf(payment)}).`,
      };
    case 'cancelled':
      return { heading: 'Storniert', body: `Deine Anmeldung für ${title} wurde storniert.` };
    case 'refunded':
      return {
        heading: 'Erstattet',
        body: `Deine Zahlung für ${title} (${amountOf(payment)}) wurde zurückerstattet.`,
      };
  }
}

export function PaymentStatus({ participantId, token, returnedFromPayment }: PaymentStatusProps) {
  const query = usePaymentState(participantId, token, returnedFromPayment);
  if (token === '' || query.data === null) {
    return (
      <>
        <h1 className="text-4xl font-semibold md:text-5xl">Anmeldung nicht gefunden</h1>
        <p className="mt-6 text-lg text-muted-foreground">
          Dieser Link ist unvollständig. Bitte öffne den Link aus deiner Bestätigungs-E-Mail oder schreib uns
          an{' '}
          <a className="underline" href={`mailto:${site.email}`}>
            {site.email}
          </a>
          .
        </p>
      </>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-lg">
        Der Zahlungsstatus konnte nicht geladen werden. Bitte lade die Seite neu.
      </p>
    );
  }
  if (!query.data) return <Spinner label="Zahlungsstatus wird geladen…" />;
  const payment = query.data;
  const confirming = returnedFromPayment && payment.state === 'open';
  const text = confirming
    ? {
        heading: 'Zahlung wird bestätigt',
        body: 'Einen Moment bitte, wir warten auf die Bestätigung von Stripe.',
      }
    : describe(payment);
  return (
    <div role="status" aria-live="polite">
      <h1 className="text-4xl font-semibold md:text-5xl">{text.heading}</h1>
      <p className="mt-6 text-lg text-muted-foreground">{text.body}</p>
      {payment.state === 'open' && !confirming ? (
        <PayAgain booking={{ participantId, token }} className="mt-8 space-y-3" />
      ) : null}
      {payment.state === 'expired' ? (
        <Button asChild size="lg" className="mt-8">
          <Link to="/events">Zu den Events</Link>
        </Button>
      ) : null}
    </div>
  );
}
