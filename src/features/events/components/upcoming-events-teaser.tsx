/** Home teaser 'Kommende Events' (up to 3). Built by the events issue. */
export function UpcomingEventsTeaser() {
  return (
    <section className="container py-16">
      <h2 className="text-3xl font-semibold">Kommende Events</h2>
    </section>
  );
}
