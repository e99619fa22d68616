import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AdminEventFormPage() {
  return (
    <>
      <Seo title="Event" path="/admin/events" noindex />
      <PageHero title="Neues Event" />
    </>
  );
}
