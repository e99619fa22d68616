import { Seo } from '@/components/layout/seo';
import { AdminEventsList } from '@/features/admin-events/components/admin-events-list';

export default function AdminEventsPage() {
  return (
    <>
      <Seo title="Events verwalten" path="/admin/events" noindex />
      <AdminEventsList />
    </>
  );
}
