import { CircleCheck } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { fondueConfirmation } from '@/content/fonduehusli';
import { BookingConfirmation } from '@/features/booking/components/booking-confirmation';
import { WithBooking } from '@/features/booking/components/booking-link-state';
import { LinkActionButton } from '@/features/pages/components/link-action';
import { Paragraphs } from '@/features/pages/components/section';

/** The hut's thanks and ways on (also the page an external scheduling service leads back to). */
function HutThanks({ withHeading, cancellationHours }: { withHeading: boolean; cancellationHours?: number }) {
  return (
    <>
      {withHeading ? (
        <>
          <CircleCheck className="h-12 w-12 text-success" aria-hidden="true" />
          <h1 className="mt-6 text-4xl font-semibold md:text-5xl">{fondueConfirmation.title}</h1>
        </>
      ) : null}
      <Paragraphs items={fondueConfirmation.paragraphs(cancellationHours)} className="mt-6" />
      <div className="mt-10 flex flex-wrap gap-3">
        {fondueConfirmation.links.map((link, index) => (
          <LinkActionButton key={link.href} action={link} variant={index === 0 ? 'default' : 'outline'} />
        ))}
      </div>
    </>
  );
}

/**
 * `/fonduehusli/confirmation?buchung=SW-…#<token>`: the confirmation of a hut booking (issue 27),
 * the booking confirmation's parts (reference, evening, total, payment, calendar file, manage
 * link) with the hut's words. Without a booking (the old link of the external scheduling page)
 * the hut's thanks alone. Not indexed.
 */
export default function FonduehusliConfirmationPage() {
  const location = useLocation();
  const reference = new URLSearchParams(location.search).get('buchung') ?? '';
  const token = decodeURIComponent(location.hash.replace(/^#/, ''));
  return (
    <>
      <Seo title="Reservation bestätigt" path="/fonduehusli/confirmation" noindex />
      <section className="container max-w-3xl py-20 md:py-28">
        {reference ? (
          <WithBooking reference={reference} token={token}>
            {(booking) => (
              <>
                <BookingConfirmation booking={booking} token={token} />
                {booking.state === 'cancelled' || booking.state === 'refunded' ? null : (
                  <HutThanks
                    withHeading={false}
                    cancellationHours={booking.event.cancellation_deadline_hours}
                  />
                )}
              </>
            )}
          </WithBooking>
        ) : (
          <HutThanks withHeading />
        )}
      </section>
    </>
  );
}
