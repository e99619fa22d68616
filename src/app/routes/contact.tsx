import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function ContactPage() {
  return (
    <>
      <Seo title="Kontakt" path="/contact" />
      <PageHero title="Kontakt" />
    </>
  );
}
