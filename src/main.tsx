import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { hydrateQueryState } from '@/app/hydration';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';

/**
 * A prerendered page must hydrate with the same tree it was rendered with, so the lazy route
 * modules of the current address are loaded first (their chunks are preloaded by the page).
 * On the client-rendered shell this also spares an empty first render.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const prerendered = container.hasChildNodes();
  if (prerendered) hydrateQueryState(queryClient);
  await loadMatchedRoutes();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
