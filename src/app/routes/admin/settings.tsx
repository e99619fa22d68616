import { Seo } from '@/components/layout/seo';
import { SettingsPage } from '@/features/admin-settings/components/settings-page';

export default function AdminSettingsPage() {
  return (
    <>
      <Seo title="Einstellungen" path="/admin/settings" noindex />
      <SettingsPage />
    </>
  );
}
