import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '@/components/layout/site-layout';
import { RouteError } from './route-error';

type PageModule = { default: React.ComponentType };

/** Every page is its own lazily loaded chunk; admin pages never reach public bundles. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const redirects: Record<string, string> = {
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
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'events', ...page(() => import('./routes/events')) },
      { path: 'events/:slug', ...page(() => import('./routes/event-detail')) },
      { path: 'events/:slug/buchen', ...page(() => import('./routes/event-booking')) },
      { path: 'stories', ...page(() => import('./routes/stories')) },
      { path: 'stories/:slug', ...page(() => import('./routes/story-detail')) },
      { path: 'ueber-uns', ...page(() => import('./routes/ueber-uns')) },
      { path: 'workshops', ...page(() => import('./routes/workshops')) },
      { path: 'stammtisch', ...page(() => import('./routes/stammtisch')) },
      { path: 'essen', ...page(() => import('./routes/essen')) },
      { path: 'atmen', ...page(() => import('./routes/atmen')) },
      { path: 'transformation', ...page(() => import('./routes/transformation')) },
      { path: 'kids', ...page(() => import('./routes/kids')) },
      { path: 'experience', ...page(() => import('./routes/experience')) },
      { path: 'fonduehusli', ...page(() => import('./routes/fonduehusli')) },
      { path: 'fonduehusli/confirmation', ...page(() => import('./routes/fonduehusli-confirmation')) },
      { path: 'contact', ...page(() => import('./routes/contact')) },
      { path: 'datenschutz', ...page(() => import('./routes/datenschutz')) },
      { path: 'impressum', ...page(() => import('./routes/impressum')) },
      ...Object.entries(redirects).map(([from, to]) => ({
        path: from,
        element: <Navigate to={to} replace />,
      })),
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
  {
    path: '/admin',
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/admin/dashboard" replace /> },
      { path: 'login', ...page(() => import('./routes/admin/login')) },
      { path: 'signup', ...page(() => import('./routes/admin/signup')) },
      {
        ...page(() => import('./routes/admin/admin-layout')),
        children: [
          { path: 'dashboard', ...page(() => import('./routes/admin/dashboard')) },
          { path: 'events', ...page(() => import('./routes/admin/events')) },
          { path: 'events/new', ...page(() => import('./routes/admin/event-form')) },
          { path: 'events/:id', ...page(() => import('./routes/admin/event-form')) },
          { path: 'events/:id/edit', ...page(() => import('./routes/admin/event-form')) },
          { path: 'participants', ...page(() => import('./routes/admin/participants')) },
          { path: 'participants/:id', ...page(() => import('./routes/admin/participant-detail')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
