import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './index.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { applyFullStylesheetWhenNeeded } from '@/app/full-stylesheet';
import { hydrateQueryState } from '@/app/hydration';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';
import { nextTask } from '@/lib/next-task';
import { cn } from '@/lib/utils';

/**
 * Runs the chunks a prerendered page needs (its route's and its parts', listed by the prerender
 * in #page-modules after the entry, each after the chunks it imports) one task each. Imported
 * together, their code ran in one task when the route or a part was first asked for: 60–120 ms
 * at 4x CPU on the booking page, zod alone about half of it.
 */
async function runPageChunks(): Promise<void> {
  const list = document.getElementById('page-modules')?.textContent;
  if (!list) return;
  const [, ...chunks] = JSON.parse(list) as string[];
  for (const chunk of chunks) {
    // One that fails to load is asked for again, and its failure shown, where it is used.
    await import(/* @vite-ignore */ chunk).catch(() => undefined);
    await nextTask();
  }
}

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

/**
 * Marks the document once React has hydrated (or rendered) the page. Text typed into a
 * prerendered form before that moment is reset by the form library, so browser tests wait for it.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

async function start(): Promise<void> {
  // The entry's own code has just run, one task of about 45 ms at 4x CPU: what follows starts in
  // the next one (together they were a 57 ms task on /).
  await nextTask();
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const prerendered = container.hasChildNodes();
  if (prerendered) {
    hydrateQueryState(queryClient);
    applyFullStylesheetWhenNeeded();
  }
  await nextTask();
  await runPageChunks();
  await loadMatchedRoutes();
  // Each step below is some 30–60 ms at 4x CPU (a slow phone); run back to back they were one
  // long task before hydration began. tailwind-merge builds its class map on its first call,
  // which otherwise fell inside one of React's work slices (60 ms that React cannot split).
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  cn('');
  await nextTask();
  const app = (
    <StrictMode>
      <HydrationMarker />
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The page is already visible: hydrating it as a transition lets React yield to the browser
  // every few milliseconds instead of blocking the main thread for the whole tree (TBT).
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
