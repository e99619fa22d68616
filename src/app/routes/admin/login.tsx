import { PageHero } from '@/components/layout/page-hero';
import { Seo } from '@/components/layout/seo';

export default function AdminLoginPage() {
  return (
    <>
      <Seo title="Admin Login" path="/admin/login" noindex />
      <PageHero title="Admin Login" />
    </>
  );
}
