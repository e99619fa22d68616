import { Seo } from '@/components/layout/seo';
import { GiftVouchersPage } from '@/features/admin-gift-vouchers/components/gift-vouchers-page';

export default function AdminGiftVouchersPage() {
  return (
    <>
      <Seo title="Gutscheine" path="/admin/gutscheine" noindex />
      <GiftVouchersPage />
    </>
  );
}
