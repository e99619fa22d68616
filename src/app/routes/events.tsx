import { Seo } from '@/components/layout/seo';
import { EventsOverview } from '@/features/events/components/events-overview';

export default function EventsPage() {
  return (
    <>
      <Seo
        title="Events"
        path="/events"
        description="Alle kommenden Events: Breathwork, Workshops, Retreats, Stammtisch und Kids-Programme."
      />
      <div className="container space-y-10 py-16 md:py-24">
        <h1 className="font-serif text-4xl font-semibold tracking-tight md:text-5xl">Unsere Events</h1>
        <EventsOverview />
      </div>
    </>
  );
}
