import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AdminDashboardPage() {
  return (
    <>
      <Seo title="Dashboard" path="/admin/dashboard" noindex />
      <PageHero title="Dashboard" />
    </>
  );
}
