import { createContext, lazy, use, type ComponentType } from 'react';

// A part of a page whose code is its own chunk (React.lazy) but which the prerender renders into
// the HTML: the booking form, the newsletter box, a page's list of events. The prerender notes
// which parts a page rendered, and the page's starter (index.html) fetches their code right after
// the page's own. Without that, a part's code was asked for only when hydration reached it: one
// more round trip before the booking form worked, and Vite's preload helper adding some thirty
// <link> elements inside a hydration task (40–60 ms at 4x CPU).

/** Filled by the prerender (src/entry-server.tsx) with the source files of the parts rendered. */
export const RenderedParts = createContext<Set<string> | null>(null);

/**
 * React.lazy for a part the prerender renders. `module` is the file `load` imports, as Vite's
 * build manifest names it (`src/…`); the prerender fails on a name the manifest does not have.
 */
export function lazyPart<Props extends object>(
  module: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPart(props: Props) {
    use(RenderedParts)?.add(module);
    return <Lazy {...props} />;
  }
  return LazyPart;
}
