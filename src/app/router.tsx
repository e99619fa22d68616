import { Navigate, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '@/app/site-layout';
import { RouteError } from './route-error';
import { adminInCleanDocument } from '@/lib/third-party-scripts';

type PageModule = { default: React.ComponentType };

/** Which source file renders a route: the prerender step preloads that page's chunks. */
export interface RouteHandle {
  module: string;
}

// Every page is its own lazily loaded chunk; admin pages never reach public bundles.
const pages = import.meta.glob<PageModule>(['./routes/*.tsx', './routes/admin/*.tsx']);

function page(name: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const file = `./routes/${name}.tsx`;
  const load = pages[file];
  if (!load) throw new Error(`No page module ${file}`);
  const handle: RouteHandle = { module: `src/app/routes/${name}.tsx` };
  return { handle, lazy: async () => ({ Component: (await load()).default }) };
}

/** Old addresses; the static host answers them with 301 too (see scripts/prerender). */
export const redirects: Record<string, string> = {
  '/blog': '/stories',
  '/about-us': '/ueber-uns',
  '/kitchen': '/essen',
  '/sense-of-breath': '/atmen',
  '/spielen': '/kids',
  '/kontakt': '/contact',
  '/erleben': '/experience',
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page('home') },
      { path: 'events', ...page('events') },
      { path: 'events/:slug', ...page('event-detail') },
      { path: 'events/:slug/buchen', ...page('event-booking') },
      { path: 'stories', ...page('stories') },
      { path: 'stories/:slug', ...page('story-detail') },
      { path: 'ueber-uns', ...page('ueber-uns') },
      { path: 'workshops', ...page('workshops') },
      { path: 'stammtisch', ...page('stammtisch') },
      { path: 'essen', ...page('essen') },
      { path: 'atmen', ...page('atmen') },
      { path: 'transformation', ...page('transformation') },
      { path: 'kids', ...page('kids') },
      { path: 'experience', ...page('experience') },
      { path: 'fonduehusli', ...page('fonduehusli') },
      { path: 'fonduehusli/reservieren', ...page('fonduehusli-reservieren') },
      { path: 'fonduehusli/confirmation', ...page('fonduehusli-confirmation') },
      { path: 'zahlung/:participantId', ...page('zahlung') },
      { path: 'warteliste/angebot', ...page('waitlist-offer') },
      { path: 'warteliste/austragen', ...page('waitlist-leave') },
      { path: 'buchung/:reference', ...page('buchung') },
      { path: 'buchung/:reference/verwalten', ...page('buchung-verwalten') },
      { path: 'buchung/:reference/bestaetigen', ...page('buchung-bestaetigen') },
      { path: 'gutscheine', ...page('gutscheine') },
      { path: 'contact', ...page('contact') },
      { path: 'datenschutz', ...page('datenschutz') },
      { path: 'impressum', ...page('impressum') },
      ...Object.entries(redirects).map(([from, to]) => ({
        path: from,
        element: <Navigate to={to} replace />,
      })),
      { path: '*', ...page('not-found') },
    ],
  },
  {
    path: '/admin',
    // Never in a document that ran the stories feed widget (src/lib/third-party-scripts.ts).
    loader: adminInCleanDocument,
    // It runs when the admin is entered (a new match). Inside the admin the document cannot change,
    // so a search-param change (the participants filters in the URL) must not rerun it: rerunning
    // made every keystroke in the search field an async navigation that dropped characters.
    shouldRevalidate: () => false,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/admin/dashboard" replace /> },
      { path: 'login', ...page('admin/login') },
      { path: 'signup', ...page('admin/signup') },
      {
        ...page('admin/admin-layout'),
        children: [
          { path: 'dashboard', ...page('admin/dashboard') },
          { path: 'events', ...page('admin/events') },
          { path: 'events/new', ...page('admin/event-form') },
          { path: 'events/:id', ...page('admin/event-form') },
          { path: 'events/:id/edit', ...page('admin/event-form') },
          { path: 'events/:id/checkin', ...page('admin/checkin') },
          { path: 'events/:id/warteliste', ...page('admin/event-waitlist') },
          { path: 'participants', ...page('admin/participants') },
          { path: 'participants/:id', ...page('admin/participant-detail') },
          { path: 'fonduehusli', ...page('admin/fonduehusli') },
          { path: 'inbox', ...page('admin/inbox') },
          { path: 'zahlungen', ...page('admin/zahlungen') },
          { path: 'finanzen', ...page('admin/finanzen') },
          { path: 'rabattcodes', ...page('admin/rabattcodes') },
          { path: 'gutscheine', ...page('admin/gutscheine') },
          { path: 'datenschutz', ...page('admin/datenschutz') },
          { path: 'users', ...page('admin/users') },
          { path: 'settings', ...page('admin/settings') },
        ],
      },
    ],
  },
];
