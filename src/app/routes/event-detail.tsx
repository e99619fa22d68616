import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { useEventForPage } from '@/features/events/api/get-event';
import { EventDetail } from '@/features/events/components/event-detail';
import { EventLoadError, EventNotFound } from '@/features/events/components/event-status-messages';
import { EventDetailSkeleton } from '@/features/events/components/event-skeletons';
import { truncateDescription } from '@/features/events/lib/availability';
import { eventPath } from '@/features/events/lib/event-links';

export default function EventDetailPage() {
  const { slug } = useParams();
  const location = useLocation();
  const lookup = useEventForPage(slug, location.state);
  const path = `/events/${slug ?? ''}`;

  return (
    <div className="container max-w-4xl py-12 md:py-16">
      {lookup.status === 'loading' ? <EventDetailSkeleton /> : null}
      {lookup.status === 'moved' ? <Navigate to={`/events/${lookup.slug}`} replace /> : null}
      {lookup.status === 'not-found' ? (
        <>
          <Seo title="Event nicht gefunden" path={path} noindex />
          <EventNotFound />
        </>
      ) : null}
      {lookup.status === 'error' ? <EventLoadError /> : null}
      {lookup.status === 'found' ? (
        <>
          <Seo
            title={lookup.event.title}
            description={truncateDescription(lookup.event.description, 155)}
            path={eventPath(lookup.event)}
            image={lookup.event.imageUrl}
            noindex={lookup.event.isSample}
          />
          <EventDetail event={lookup.event} />
        </>
      ) : null}
    </div>
  );
}
