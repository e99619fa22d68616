import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { BookingPanelSkeleton } from '@/features/booking/components/booking-panel-skeleton';
import { eventKeys } from '@/features/events/api/event-keys';
import { useEventForPage } from '@/features/events/api/get-event';
import { EventLoadError, EventNotFound } from '@/features/events/components/event-status-messages';
import { EventSummarySkeleton } from '@/features/events/components/event-skeletons';
import { EventSummary } from '@/features/events/components/event-summary';
import { bookingStateOf, waitlistMaxPersons } from '@/features/events/lib/availability';
import { readQuestions } from '@/lib/event-questions';
import { lazyPart } from '@/lib/lazy-part';

// The form (react-hook-form, zod, phone numbers, proof of work) is its own chunk: a prerendered
// booking page shows it from the HTML, and React leaves that HTML in place until the chunk has
// arrived and then hydrates it, so the page's initial JavaScript stays in the budget
// (scripts/prerender/budgets.ts). Client-rendered, the skeleton holds its place meanwhile.
const BookingPanel = lazyPart('src/features/booking/components/booking-panel.tsx', () =>
  import('@/features/booking/components/booking-panel').then((module) => module.BookingPanel),
);

export default function EventBookingPage() {
  const { slug } = useParams();
  const location = useLocation();
  const lookup = useEventForPage(slug, location.state);
  const queryClient = useQueryClient();
  // The stored list keeps its identity between renders (query cache), so the form's schema does too.
  const storedQuestions = lookup.status === 'found' ? lookup.event.questions : null;
  const questions = useMemo(() => readQuestions(storedQuestions), [storedQuestions]);
  // A registration changes counts on every list and detail, so all event queries refresh.
  const refreshEvents = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });

  // The title names the event once it is known (tabs, history and screen readers tell bookings apart).
  const title = lookup.status === 'found' ? `Event-Buchung: ${lookup.event.title}` : 'Event-Buchung';

  return (
    <>
      <Seo title={title} path={`/events/${slug ?? ''}/buchen`} noindex />
      <div className="container space-y-10 py-12 md:py-16">
        <h1 className="font-serif text-4xl font-semibold tracking-tight">{title}</h1>
        {lookup.status === 'loading' ? (
          // The page's geometry while the event loads (client-rendered: an event newer than the
          // build), at least a screen high so the footer never shows and moves away.
          <div className="grid min-h-screen gap-10 lg:grid-cols-2">
            <EventSummarySkeleton />
            <BookingPanelSkeleton />
          </div>
        ) : null}
        {lookup.status === 'moved' ? <Navigate to={`/events/${lookup.slug}/buchen`} replace /> : null}
        {lookup.status === 'not-found' ? <EventNotFound heading="h2" /> : null}
        {lookup.status === 'error' ? <EventLoadError heading="h2" /> : null}
        {lookup.status === 'found' ? (
          <div className="grid gap-10 lg:grid-cols-2">
            <EventSummary event={lookup.event} />
            <Suspense fallback={<BookingPanelSkeleton />}>
              <BookingPanel
                // A fresh form (and request id) per event.
                key={lookup.event.id}
                availability={bookingStateOf(lookup.event)}
                isSample={lookup.event.isSample}
                waitlistOpen={lookup.event.availability.reason === 'full'}
                waitlistMaxPersons={waitlistMaxPersons(lookup.event)}
                eventId={lookup.event.id}
                paymentMethods={lookup.event.paymentMethods}
                price={lookup.event.price}
                maxPersons={lookup.event.availability.maxPersons}
                cancellationDeadlineHours={lookup.event.cancellationDeadlineHours}
                questions={questions}
                onRegistered={refreshEvents}
                onEventChanged={() => refreshEvents()}
              />
            </Suspense>
          </div>
        ) : null}
      </div>
    </>
  );
}
