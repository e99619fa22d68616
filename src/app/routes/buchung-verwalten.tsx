import { useLocation, useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { WithBooking } from '@/features/booking/components/booking-link-state';
import { ManageBooking } from '@/features/booking/components/manage-booking';

/** `/buchung/:reference/verwalten#<token>`: see, reduce or cancel the booking. Not indexed. */
export default function ManageBookingPage() {
  const { reference = '' } = useParams();
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ''));
  return (
    <>
      <Seo title="Buchung verwalten" path={`/buchung/${reference}/verwalten`} noindex />
      <section className="container max-w-3xl py-16 md:py-24">
        <WithBooking reference={reference} token={token}>
          {(booking) => <ManageBooking booking={booking} token={token} />}
        </WithBooking>
      </section>
    </>
  );
}
