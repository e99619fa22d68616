import { useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { EventWaitlist } from '@/features/admin-waitlist/components/event-waitlist';

export default function AdminEventWaitlistPage() {
  const { id = '' } = useParams();
  return (
    <>
      <Seo title="Warteliste" path={`/admin/events/${id}/warteliste`} noindex />
      <EventWaitlist eventId={id} />
    </>
  );
}
