import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AdminSignupPage() {
  return (
    <>
      <Seo title="Konto erstellen" path="/admin/signup" noindex />
      <PageHero title="Create account" />
    </>
  );
}
