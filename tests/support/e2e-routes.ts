import type { PageSamples } from './e2e-catalog';

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
  '/fonduehusli/reservieren',
  '/fonduehusli/confirmation',
  '/gutscheine',
  '/contact',
  '/datenschutz',
  '/impressum',
  '/diese-seite-gibt-es-nicht',
] as const;

/** The pages with a parameter for one event and one story. */
export function parameterRoutes(event: { slug: string }, story: { slug: string }): string[] {
  return [`/events/${event.slug}`, `/events/${event.slug}/buchen`, `/stories/${story.slug}`];
}

/**
 * Every public path of the router (as written in src/app/router.tsx) -> the URL a spec opens for
 * it, with the rows of createPageSamples. Keyed by the router's own spelling so a11y.spec.ts's
 * coverage test notices a new route nobody checks.
 */
export const PUBLIC_PAGES: Record<string, (s: PageSamples) => string> = {
  '/': () => '/',
  events: () => '/events',
  'events/:slug': (s) => `/events/${s.eventSlug}`,
  'events/:slug/buchen': (s) => `/events/${s.eventSlug}/buchen`,
  stories: () => '/stories',
  'stories/:slug': (s) => `/stories/${s.storySlug}`,
  'ueber-uns': () => '/ueber-uns',
  workshops: () => '/workshops',
  stammtisch: () => '/stammtisch',
  essen: () => '/essen',
  atmen: () => '/atmen',
  transformation: () => '/transformation',
  kids: () => '/kids',
  experience: () => '/experience',
  fonduehusli: () => '/fonduehusli',
  'fonduehusli/reservieren': () => '/fonduehusli/reservieren',
  'fonduehusli/confirmation': () => '/fonduehusli/confirmation',
  'zahlung/:participantId': () => '/zahlung/00000000-0000-0000-0000-000000000000',
  'warteliste/angebot': (s) => `/warteliste/angebot#${s.offerToken}`,
  'warteliste/austragen': (s) => `/warteliste/austragen#${s.leaveToken}`,
  'buchung/:reference': (s) => `/buchung/${s.booking.reference}#${s.booking.manageToken}`,
  'buchung/:reference/verwalten': (s) => `/buchung/${s.booking.reference}/verwalten#${s.booking.manageToken}`,
  // A held booking of 3 on site with the link from its mail: the first visit confirms it, later
  // ones read 'already confirmed'; tests/e2e/booking.spec.ts walks it from the mail.
  'buchung/:reference/bestaetigen': (s) =>
    `/buchung/${s.heldBooking.reference}/bestaetigen#${s.heldBooking.confirmToken}`,
  gutscheine: () => '/gutscheine',
  contact: () => '/contact',
  datenschutz: () => '/datenschutz',
  impressum: () => '/impressum',
  '*': () => '/diese-seite-gibt-es-nicht',
};
