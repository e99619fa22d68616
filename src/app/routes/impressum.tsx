import { Seo } from '@/components/layout/seo';
import { imprint } from '@/content/legal';
import { LegalPage } from '@/features/pages/components/legal-page';

export default function ImpressumPage() {
  return (
    <>
      <Seo title="Impressum" description="Angaben zum Anbieter dieser Website." path="/impressum" />
      <LegalPage title={imprint.title} sections={imprint.sections} />
    </>
  );
}
