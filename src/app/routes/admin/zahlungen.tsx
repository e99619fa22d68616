import { Seo } from '@/components/layout/seo';
import { PaymentsPage } from '@/features/admin-payments/components/payments-page';

export default function AdminPaymentsPage() {
  return (
    <>
      <Seo title="Zahlungen" path="/admin/zahlungen" noindex />
      <PaymentsPage />
    </>
  );
}
