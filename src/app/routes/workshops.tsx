import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function WorkshopsPage() {
  return (
    <>
      <Seo title="Workshops" path="/workshops" />
      <PageHero title="Workshops" />
    </>
  );
}
