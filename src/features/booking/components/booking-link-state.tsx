import { Spinner } from '@/components/ui/spinner';
import { site } from '@/lib/site';
import { type BookingLookup, type BookingView, useBooking } from '../api/booking-view';

// The confirmation and manage pages read the booking through the link's reference and token.
// Every way that can fail is a German page with a way on, never a stack trace.

function Problem({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <>
      <h1 className="text-4xl font-semibold md:text-5xl">{heading}</h1>
      <p className="mt-6 text-lg text-muted-foreground">{children}</p>
    </>
  );
}

function Contact() {
  return (
    <>
      <a className="underline" href={`mailto:${site.email}`}>
        {site.email}
      </a>{' '}
      oder {site.phone}
    </>
  );
}

function LinkProblem({ lookup }: { lookup: Exclude<BookingLookup, BookingView> }) {
  if (lookup.status === 'expired') {
    return (
      <Problem heading="Link abgelaufen">
        Dieser Link ist nicht mehr gültig, weil das Event vorbei ist. Bei Fragen zu deiner Buchung erreichst
        du uns unter <Contact />.
      </Problem>
    );
  }
  return (
    <Problem heading="Buchung nicht gefunden">
      Dieser Link ist ungültig oder unvollständig. Bitte öffne den Link aus deiner Bestätigungs-E-Mail oder
      melde dich bei uns unter <Contact />.
    </Problem>
  );
}

/** Renders the booking through `children`, or what stands in its way. */
export function WithBooking({
  reference,
  token,
  awaitingPayment = false,
  children,
}: {
  reference: string;
  token: string;
  /** Back from Stripe: read the booking again until its payment is no longer open. */
  awaitingPayment?: boolean;
  children: (booking: BookingView) => React.ReactNode;
}) {
  const query = useBooking(reference, token, awaitingPayment);
  if (query.isError) {
    return (
      <Problem heading="Buchung konnte nicht geladen werden">
        Bitte lade die Seite neu. Klappt es weiterhin nicht, erreichst du uns unter <Contact />.
      </Problem>
    );
  }
  if (!query.data) return <Spinner label="Buchung wird geladen…" />;
  if (query.data.status !== 'valid') return <LinkProblem lookup={query.data} />;
  return <>{children(query.data)}</>;
}

export { Contact as BookingContact };
