import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function TransformationPage() {
  return (
    <>
      <Seo title="Transformation" path="/transformation" />
      <PageHero title="Transformation" />
    </>
  );
}
