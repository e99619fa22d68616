import { useLocation, useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { ConfirmBooking } from '@/features/booking/components/confirm-booking';

/**
 * `/buchung/:reference/bestaetigen#<token>`: the confirm link of a large on-site or invoice
 * booking (issue 25). The token travels in the fragment, never sent to a server. Not indexed.
 */
export default function ConfirmBookingPage() {
  const { reference = '' } = useParams();
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  return (
    <>
      <Seo title="Buchung bestätigen" path={`/buchung/${reference}/bestaetigen`} noindex />
      <section className="container max-w-3xl space-y-8 py-12 md:py-16">
        <h1 className="font-serif text-4xl font-semibold tracking-tight">Buchung bestätigen</h1>
        <ConfirmBooking reference={reference} token={token} />
      </section>
    </>
  );
}
