import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function StoriesPage() {
  return (
    <>
      <Seo title="Stories" path="/stories" />
      <PageHero title="Stories" />
    </>
  );
}
