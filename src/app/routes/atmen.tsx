import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AtmenPage() {
  return (
    <>
      <Seo title="Atmen" path="/atmen" />
      <PageHero title="Atmen" />
    </>
  );
}
