import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function StoryDetailPage() {
  return (
    <>
      <Seo title="Story" path="/stories" />
      <PageHero title="Story" />
    </>
  );
}
