import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function EssenPage() {
  return (
    <>
      <Seo title="Essen" path="/essen" />
      <PageHero title="Essen" />
    </>
  );
}
