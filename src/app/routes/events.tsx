import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function EventsPage() {
  return (
    <>
      <Seo title="Events" path="/events" />
      <PageHero title="Unsere Events" />
    </>
  );
}
