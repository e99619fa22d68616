import { Seo } from '@/components/layout/seo';
import { DashboardOverview } from '@/features/admin-dashboard/components/dashboard-overview';

export default function AdminDashboardPage() {
  return (
    <>
      <Seo title="Dashboard" path="/admin/dashboard" noindex />
      <DashboardOverview />
    </>
  );
}
