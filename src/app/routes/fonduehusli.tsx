import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function FonduehusliPage() {
  return (
    <>
      <Seo title="Fonduehüsli" path="/fonduehusli" />
      <PageHero title="Fonduehüsli" />
    </>
  );
}
