import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function ExperiencePage() {
  return (
    <>
      <Seo title="Erleben" path="/experience" />
      <PageHero title="Erleben" />
    </>
  );
}
