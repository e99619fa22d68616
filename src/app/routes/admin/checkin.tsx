import { useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { CheckinView } from '@/features/admin-participants/components/checkin-view';

/** /admin/events/:id/checkin: the door on the evening, and the printable list. */
export default function AdminCheckinPage() {
  const { id = '' } = useParams();
  return (
    <>
      <Seo title="Check-in" path={`/admin/events/${id}/checkin`} noindex />
      <CheckinView eventId={id} />
    </>
  );
}
