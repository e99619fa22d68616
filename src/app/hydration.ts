import { hydrate, type QueryClient } from '@tanstack/react-query';

/** Id of the inert JSON script in which a prerendered page hands its query cache to the browser. */
export const QUERY_STATE_ID = 'query-state';

/** Fills the client's cache from the page, so data rendered at build time is not fetched again. */
export function hydrateQueryState(queryClient: QueryClient): void {
  const script = document.getElementById(QUERY_STATE_ID);
  if (!script?.textContent) return;
  hydrate(queryClient, JSON.parse(script.textContent));
}
