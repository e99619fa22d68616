import { Seo } from '@/components/layout/seo';
import { PrivacyPage } from '@/features/admin-privacy/components/privacy-page';

export default function AdminPrivacyPage() {
  return (
    <>
      <Seo title="Datenschutz" path="/admin/datenschutz" noindex />
      <PrivacyPage />
    </>
  );
}
