import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function EventBookingPage() {
  return (
    <>
      <Seo title="Event Buchung" path="/events" />
      <PageHero title="Event Buchung" />
    </>
  );
}
