import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AboutPage() {
  return (
    <>
      <Seo title="Über uns" path="/ueber-uns" />
      <PageHero title="Über uns" />
    </>
  );
}
