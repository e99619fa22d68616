import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function HomePage() {
  return (
    <>
      <Seo title="Startseite" path="/" />
      <PageHero title="Eine neue Art des Erlebens" />
    </>
  );
}
