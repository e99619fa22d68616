import { Seo } from '@/components/layout/seo';
import { FinancePage } from '@/features/admin-finance/components/finance-page';

export default function AdminFinancePage() {
  return (
    <>
      <Seo title="Finanzen" path="/admin/finanzen" noindex />
      <FinancePage />
    </>
  );
}
