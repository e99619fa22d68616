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
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ''));
  return (
    <>
      <Seo title="Buchungsbestätigung" path={`/buchung/${reference}`} noindex />
      <section className="container max-w-3xl py-16 md:py-24">
        <WithBooking reference={reference} token={token}>
          {(booking) => <BookingConfirmation booking={booking} token={token} />}
        </WithBooking>
      </section>
    </>
  );
}
