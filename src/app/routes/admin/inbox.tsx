import { Seo } from '@/components/layout/seo';
import { InboxPage } from '@/features/admin-inbox/components/inbox-page';

export default function AdminInboxPage() {
  return (
    <>
      <Seo title="Posteingang" path="/admin/inbox" noindex />
      <InboxPage />
    </>
  );
}
