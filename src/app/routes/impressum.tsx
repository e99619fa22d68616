import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function ImprintPage() {
  return (
    <>
      <Seo title="Impressum" path="/impressum" />
      <PageHero title="Impressum" />
    </>
  );
}
