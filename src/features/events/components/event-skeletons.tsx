// Placeholders for an event page and its booking page while the event loads (an event created
// after the last build is client-rendered from the app shell). Each has the page's geometry: the
// image box of the same size, the heading, facts and text where they will be, and at least a
// screen's height, so the content takes their place and the footer never comes into view and
// moves away (layout shift, tests/e2e/layout-shift.spec.ts).
import { EARLY_IMAGE_ATTRIBUTE } from '../api/early-event';

function Bar({ className }: { className: string }) {
  return <div aria-hidden="true" className={`rounded bg-muted ${className}`} />;
}

/**
 * The event's image box. In the frame for an event newer than the build, the early script shows
 * the event's image in it as soon as the event has arrived, before the app runs
 * (early-event-script.ts): the page's largest element paints from the HTML.
 */
function ImageBox({ className }: { className: string }) {
  const slot = { [EARLY_IMAGE_ATTRIBUTE]: '' };
  return <div aria-hidden="true" {...slot} className={`rounded-lg bg-muted ${className}`} />;
}

function Loading() {
  return (
    <span role="status" className="sr-only">
      Event wird geladen…
    </span>
  );
}

/** Six facts in the grid of EventFacts (label line and value line each). */
function FactsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2">
      {[0, 1, 2, 3, 4, 5].map((fact) => (
        <div key={fact} className="space-y-1 pl-7">
          <Bar className="h-4 w-16" />
          <Bar className="h-6 w-40" />
        </div>
      ))}
    </div>
  );
}

/** /events/{slug} (EventDetail). */
export function EventDetailSkeleton() {
  return (
    <article aria-busy="true" className="min-h-screen space-y-8">
      <Loading />
      <ImageBox className="aspect-[16/10] max-h-[28rem] w-full" />
      <div className="space-y-3">
        <Bar className="h-[1.375rem] w-28 rounded-full" />
        <Bar className="h-10 w-3/4" />
        <Bar className="h-7 w-1/2" />
      </div>
      <FactsSkeleton />
      <div className="space-y-3">
        <Bar className="h-5 w-full" />
        <Bar className="h-5 w-full" />
        <Bar className="h-5 w-2/3" />
      </div>
    </article>
  );
}

/** The event's summary on the left of /events/{slug}/buchen (EventSummary). */
export function EventSummarySkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <Loading />
      <ImageBox className="aspect-[16/10] w-full" />
      <Bar className="h-7 w-1/2" />
      <FactsSkeleton />
    </div>
  );
}
