import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function StammtischPage() {
  return (
    <>
      <Seo title="Stammtisch" path="/stammtisch" />
      <PageHero title="Stammtisch" />
    </>
  );
}
