import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function KidsPage() {
  return (
    <>
      <Seo title="Spielen" path="/kids" />
      <PageHero title="Spielen" />
    </>
  );
}
