import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function PrivacyPage() {
  return (
    <>
      <Seo title="Datenschutz" path="/datenschutz" />
      <PageHero title="Datenschutzerklärung" />
    </>
  );
}
