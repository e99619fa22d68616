import { Outlet } from 'react-router-dom';
import { AdminGuard } from '@/features/admin-auth/components/admin-guard';
import { AdminHeader } from '@/features/admin-auth/components/admin-header';
import { TooltipProvider } from '@/components/ui/tooltip';

/** Guarded admin shell for dashboard, events and participants. */
export default function AdminLayout() {
  return (
    <TooltipProvider>
      <AdminGuard>
        <div className="min-h-screen bg-muted/30">
          <AdminHeader />
          <main className="container py-8">
            <Outlet />
          </main>
        </div>
      </AdminGuard>
    </TooltipProvider>
  );
}
