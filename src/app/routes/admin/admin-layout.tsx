import { Outlet } from 'react-router-dom';
import { AdminGuard } from '@/features/admin-auth/components/admin-guard';
import { AdminHeader } from '@/features/admin-auth/components/admin-header';
import { InboxNavBadges } from '@/features/admin-inbox/components/inbox-nav-badges';

/** Guarded admin shell of every admin page; the inbox's counts sit in the navigation. */
export default function AdminLayout() {
  return (
    <AdminGuard>
      <div className="min-h-screen bg-muted/30 print:min-h-0 print:bg-white">
        <div className="print:hidden">
          <AdminHeader navBadges={{ '/admin/inbox': <InboxNavBadges /> }} />
        </div>
        <main className="container py-8 print:max-w-none print:p-0">
          <Outlet />
        </main>
      </div>
    </AdminGuard>
  );
}
