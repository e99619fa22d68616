import { Seo } from '@/components/layout/seo';
import { UsersPage } from '@/features/admin-users/components/users-page';

export default function AdminUsersPage() {
  return (
    <>
      <Seo title="Benutzer" path="/admin/users" noindex />
      <UsersPage />
    </>
  );
}
