// Server entry for the build-time prerender (scripts/prerender.ts): renders one URL of the
// same route table the browser uses, with React Router's static data router, and hands back
// the markup, the page modules it used and the query cache to dehydrate into the page.
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from '@/app/providers';
import { isPrivatePath, PRIVATE_PATH_PATTERNS } from '@/app/indexing';
import { redirects, routes, type RouteHandle } from '@/app/router';
import { eventKeys } from '@/features/events/api/event-keys';
import { fetchPublishedEvents } from '@/features/events/api/fetch-published-events';
import { eventPath } from '@/features/events/lib/event-links';
import { site } from '@/lib/site';
import { supabaseUrl } from '@/lib/supabase';

export { PRIVATE_PATH_PATTERNS, redirects, site, supabaseUrl };

export interface RenderedPage {
  /** The markup of the root element; React puts hoisted head tags (title, meta, link) first. */
  html: string;
  /** Source files of the matched route modules (keys of Vite's build manifest). */
  modules: string[];
  status: number;
  queryState: DehydratedState;
}

const handler = createStaticHandler(routes);

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `prepare` fills the query cache before rendering (e.g. the event a page shows), so the page
 * renders with data and the browser starts from the same cache instead of fetching again.
 */
export async function render(
  url: string,
  prepare?: (queryClient: QueryClient) => Promise<void>,
): Promise<RenderedPage> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect; it is not prerendered`);
  const queryClient = createQueryClient();
  await prepare?.(queryClient);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender waits for every lazy component and Suspense boundary, unlike renderToString.
  // An unlimited chunk size keeps every boundary in place: React would otherwise move large
  // ones to the end of the document and reveal them with inline scripts, which the CSP blocks.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const modules = context.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.module)
    .filter((module): module is string => module !== undefined);
  return {
    html: await readAll(prelude),
    modules,
    status: context.statusCode,
    queryState: dehydrate(queryClient),
  };
}

/** Paths of the public route table without parameters: every one is prerendered. */
export function staticPublicPaths(): string[] {
  const site = routes.find((route) => route.path === '/');
  const paths = (site?.children ?? [])
    .filter((route) => route.handle !== undefined && (route.index || !/[:*]/.test(route.path ?? '')))
    .map((route) => (route.index ? '/' : `/${route.path}`));
  return paths.filter((path) => !isPrivatePath(path));
}

export interface PrerenderedEvent {
  path: string;
  /** Seeds the cache with the event, so its page renders (and later hydrates) with the data. */
  prepare: (queryClient: QueryClient) => Promise<void>;
}

const EVENTS_TIMEOUT_MS = 10_000;

/** Published upcoming events, read with the anon key; rejects when the backend is unreachable. */
export async function loadPublishedEvents(): Promise<PrerenderedEvent[]> {
  const events = await fetchPublishedEvents({}, { timeoutMs: EVENTS_TIMEOUT_MS, operation: 'Events laden' });
  return events.map((event) => ({
    path: eventPath(event),
    prepare: async (queryClient) => {
      queryClient.setQueryData(eventKeys.bySlug(event.slug), event);
    },
  }));
}
