import { hydrate, type QueryClient } from '@tanstack/react-query';

/** Id of the inert JSON script in which a prerendered page hands its query cache to the browser. */
export const QUERY_STATE_ID = 'query-state';

/**
 * Fills the client's cache from the page, so the page hydrates with the data it was rendered
 * with and shows it without waiting for the API. That data is as old as the build (hours, or
 * seconds after an event changed), so it is marked stale: each query asks the API once when
 * its page mounts, in the background, and keeps the build-time data if that fails. Without
 * this, data from a build less than `staleTime` old would count as fresh.
 */
export function hydrateQueryState(queryClient: QueryClient): void {
  const script = document.getElementById(QUERY_STATE_ID);
  if (!script?.textContent) return;
  hydrate(queryClient, JSON.parse(script.textContent));
  void queryClient.invalidateQueries({ refetchType: 'none' });
}
