import { useLocation, useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { BookingConfirmation } from '@/features/booking/components/booking-confirmation';
import { WithBooking } from '@/features/booking/components/booking-link-state';

/**
 * `/buchung/:reference#<token>`: the booking's confirmation page. The manage token travels in the
 * fragment (never sent to a server), as on /zahlung/:id#token. Not indexed.
 */
export default function BookingConfirmationPage() {
  const { reference = '' } = useParams();
  const location = useLocation();
  const token = decodeURIComponent(location.hash.replace(/^#/, ''));
  // Stripe's success URL; its cancel URL is the plain page.
  const returnedFromPayment = new URLSearchParams(location.search).get('zahlung') === 'erfolgt';
  return (
    <>
      <Seo title="Buchungsbestätigung" path={`/buchung/${reference}`} noindex />
      <section className="container max-w-3xl py-16 md:py-24">
        <WithBooking reference={reference} token={token} awaitingPayment={returnedFromPayment}>
          {(booking) => (
            <BookingConfirmation booking={booking} token={token} returnedFromPayment={returnedFromPayment} />
          )}
        </WithBooking>
      </section>
    </>
  );
}
