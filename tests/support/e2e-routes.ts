/**
 * The public pages a visitor can open without a parameter, for the specs that walk them all
 * (prerender, public-pages, visitor-view, a11y). The last one is an address that does not exist:
 * its 404 page is public too. Pages with a parameter (an event, its booking page, a story) come
 * from the data a spec creates (tests/support/e2e-catalog.ts).
 */
export const PUBLIC_ROUTES = [
  '/',
  '/events',
  '/stories',
  '/ueber-uns',
  '/workshops',
  '/stammtisch',
  '/essen',
  '/atmen',
  '/transformation',
  '/kids',
  '/experience',
  '/fonduehusli',
  '/fonduehusli/confirmation',
  '/contact',
  '/datenschutz',
  '/impressum',
  '/diese-seite-gibt-es-nicht',
] as const;

/** The pages with a parameter for one event and one story. */
export function parameterRoutes(event: { slug: string }, story: { slug: string }): string[] {
  return [`/events/${event.slug}`, `/events/${event.slug}/buchen`, `/stories/${story.slug}`];
}
