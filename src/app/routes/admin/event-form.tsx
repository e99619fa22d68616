import { useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { EventEditor } from '@/features/admin-events/components/event-editor';

/** /admin/events/new, /admin/events/:id and /admin/events/:id/edit share this page. */
export default function AdminEventFormPage() {
  const { id } = useParams();
  return (
    <>
      <Seo
        title={id ? 'Event bearbeiten' : 'Neues Event'}
        path={id ? `/admin/events/${id}` : '/admin/events/new'}
        noindex
      />
      <EventEditor eventId={id} />
    </>
  );
}
