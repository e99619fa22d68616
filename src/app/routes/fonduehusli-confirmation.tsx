import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function FonduehusliConfirmationPage() {
  return (
    <>
      <Seo title="Reservation bestätigt" path="/fonduehusli/confirmation" noindex />
      <PageHero title="Vielen Dank für deine Reservation" />
    </>
  );
}
