import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAdminEvent } from '../api/get-admin-event';
import { EventForm } from './event-form';

/** Loads the event for /admin/events/:id(/edit); without an id it is the create form. */
export function EventEditor({ eventId }: { eventId?: string }) {
  const navigate = useNavigate();
  const event = useAdminEvent(eventId);
  const notFound = event.isSuccess && event.data === null;

  useEffect(() => {
    if (!event.isError && !notFound) return;
    toast({
      title: notFound ? 'Event nicht gefunden' : 'Fehler beim Laden',
      description: 'Das Event konnte nicht geladen werden.',
      variant: 'destructive',
    });
    navigate('/admin/events', { replace: true });
  }, [event.isError, notFound, navigate]);

  if (!eventId) return <EventForm event={null} />;
  if (!event.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Event wird geladen…" />
      </div>
    );
  }
  // Keyed so a different event never inherits the previous form state.
  return <EventForm key={event.data.id} event={event.data} />;
}
