import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true once the
 * component runs in the browser. A form that is prerendered but hydrates later (a lazy part) stays
 * disabled until then: text typed into it before would be reset, a click would submit natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
