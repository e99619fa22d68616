// Server entry for the build-time prerender (scripts/prerender.ts): renders one URL of the
// same route table the browser uses, with React Router's static data router, and hands back
// the markup, the page modules it used and the query cache to dehydrate into the page.
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  MemoryRouter,
  StaticRouterProvider,
} from 'react-router-dom';
import { LoadTimeStates } from '@/app/load-time-states';
import { AppProviders, createQueryClient } from '@/app/providers';
import { isPrivatePath, PRIVATE_PATH_PATTERNS } from '@/lib/indexing';
import { RenderedParts } from '@/lib/lazy-part';
import { redirects, routes, type RouteHandle } from '@/app/router';
import { ALL_UPCOMING, getPublishedEvents } from '@/features/events/api/get-events';
import { earlyEventScript } from '@/features/events/lib/early-event-script';
import { eventPath } from '@/features/events/lib/event-links';
import { PLACEHOLDER_IMAGE } from '@/features/events/lib/event-row';
import { site } from '@/lib/site';
import { supabaseAnonKey, supabaseUrl } from '@/lib/supabase-config';

export { PRIVATE_PATH_PATTERNS, redirects, site, supabaseUrl };

export interface RenderedPage {
  /** The markup of the root element; React puts hoisted head tags (title, meta, link) first. */
  html: string;
  /** Source files of the matched route modules (keys of Vite's build manifest). */
  modules: string[];
  /** Source files of the lazy parts the page rendered (src/lib/lazy-part.tsx). */
  parts: string[];
  status: number;
  queryState: DehydratedState;
  /** Errors of the page's queries that could not be fetched (the page renders without them). */
  failures: unknown[];
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const handler = createStaticHandler(routes);

type StaticContext = Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;

async function renderToHtml(
  context: StaticContext,
  queryClient: QueryClient,
  parts: Set<string>,
): Promise<string> {
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender waits for every lazy component and Suspense boundary, unlike renderToString.
  // An unlimited chunk size keeps every boundary in place: React would otherwise move large
  // ones to the end of the document and reveal them with inline scripts, which the CSP blocks.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedParts value={parts}>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </RenderedParts>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return readAll(prelude);
}

/**
 * Rendering passes at most: a query may only start once another one has answered (the booking
 * form asks which payment methods work once the event is there).
 */
const MAX_RENDER_PASSES = 4;

/**
 * Renders a page with the public data it shows: a render tells which queries the page asks for;
 * they are fetched (as the browser would) and the page is rendered again with the data, until a
 * render asks for nothing new. A query that fails (backend unreachable) is dropped, so the page
 * keeps its loading state and the browser fetches it, instead of an error baked into the HTML.
 */
export async function render(url: string, { withData = true } = {}): Promise<RenderedPage> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect; it is not prerendered`);
  const queryClient = createQueryClient();
  const failures: unknown[] = [];
  const asked = new Set<string>();
  let parts = new Set<string>();
  let html = await renderToHtml(context, queryClient, parts);
  for (let pass = 1; withData && pass < MAX_RENDER_PASSES; pass += 1) {
    const next = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => !asked.has(query.queryHash));
    if (next.length === 0) break;
    await Promise.all(
      next.map((query) => {
        asked.add(query.queryHash);
        return query.fetch().catch((error: unknown) => {
          failures.push(error);
          queryClient.getQueryCache().remove(query);
        });
      }),
    );
    // The last pass tells which parts the page shows (a list with data, not its loading state).
    parts = new Set<string>();
    html = await renderToHtml(context, queryClient, parts);
  }
  const modules = context.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.module)
    .filter((module): module is string => module !== undefined);
  return {
    html,
    modules,
    parts: [...parts],
    status: context.statusCode,
    queryState: dehydrate(queryClient),
    failures,
  };
}

/**
 * The pages the host serves for an event (and its booking page) published after the build: the
 * event routes rendered without data, so the visitor sees the page's frame and its placeholders
 * (EventDetailSkeleton, with the page's geometry) from the HTML, and the browser hydrates them and
 * fills them in (scripts/prerender/host-config.ts rewrites unknown event paths to them). A slug
 * cannot start with a hyphen (events_slug_check), so no event's own page can take these names.
 */
export const NEW_EVENT_PATHS = { event: '/events/-neu', booking: '/events/-neu/buchen' } as const;

/**
 * The frames' inline script that asks for the event while the HTML parses and leaves the answer
 * for the app (src/features/events/lib/early-event-script.ts).
 */
export const NEW_EVENT_SCRIPT = earlyEventScript({
  supabaseUrl,
  anonKey: supabaseAnonKey,
  placeholderImage: PLACEHOLDER_IMAGE,
});

/** What the layout's scripts show at once on every page (for its critical CSS: load-time-states). */
export function loadTimeMarkup(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <LoadTimeStates />
    </MemoryRouter>,
  );
}

/** Paths of the public route table without parameters: every one is prerendered. */
export function staticPublicPaths(): string[] {
  const site = routes.find((route) => route.path === '/');
  const paths = (site?.children ?? [])
    .filter((route) => route.handle !== undefined && (route.index || !/[:*]/.test(route.path ?? '')))
    .map((route) => (route.index ? '/' : `/${route.path}`));
  return paths.filter((path) => !isPrivatePath(path));
}

const EVENTS_TIMEOUT_MS = 10_000;

/** Paths of the published upcoming events, read with the anon key; rejects when unreachable. */
export async function loadPublishedEventPaths(): Promise<string[]> {
  const events = await getPublishedEvents(ALL_UPCOMING, {
    timeoutMs: EVENTS_TIMEOUT_MS,
    operation: 'Events laden',
  });
  return events.map(eventPath);
}
