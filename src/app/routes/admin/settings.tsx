import { Seo } from '@/components/layout/seo';
import { CreditorSettingsSection } from '@/features/admin-settings/components/creditor-settings-section';
import { FondueSettingsSection } from '@/features/admin-settings/components/fondue-settings-section';
import { GiftVoucherSettingsSection } from '@/features/admin-settings/components/gift-voucher-settings-section';
import { InvoiceReminderSection } from '@/features/admin-settings/components/invoice-reminder-section';
import { RetentionSettingsSection } from '@/features/admin-settings/components/retention-settings-section';
import { SettingsPage } from '@/features/admin-settings/components/settings-page';
import { VatSettingsSection } from '@/features/admin-settings/components/vat-settings-section';

// Each section loads and saves its own values; add a section here, in the order of the page.
export default function AdminSettingsPage() {
  return (
    <>
      <Seo title="Einstellungen" path="/admin/settings" noindex />
      <SettingsPage>
        <FondueSettingsSection />
        <CreditorSettingsSection />
        <VatSettingsSection />
        <InvoiceReminderSection />
        <GiftVoucherSettingsSection />
        <RetentionSettingsSection />
      </SettingsPage>
    </>
  );
}
