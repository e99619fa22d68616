import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function EventDetailPage() {
  return (
    <>
      <Seo title="Event" path="/events" />
      <PageHero title="Event" />
    </>
  );
}
