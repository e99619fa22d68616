import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AdminEventsPage() {
  return (
    <>
      <Seo title="Events verwalten" path="/admin/events" noindex />
      <PageHero title="Events" />
    </>
  );
}
