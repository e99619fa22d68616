import { Seo } from '@/components/layout/seo';
import { DiscountCodesPage } from '@/features/admin-discounts/components/discount-codes-page';

export default function AdminDiscountCodesPage() {
  return (
    <>
      <Seo title="Rabattcodes" path="/admin/rabattcodes" noindex />
      <DiscountCodesPage />
    </>
  );
}
