import { Seo } from '@/components/layout/seo';
import { AdminHutPage } from '@/features/admin-hut/components/admin-hut-page';

export default function AdminFonduehusliPage() {
  return (
    <>
      <Seo title="Fonduehüsli" path="/admin/fonduehusli" noindex />
      <AdminHutPage />
    </>
  );
}
