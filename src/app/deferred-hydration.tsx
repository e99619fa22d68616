import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-context';
import { useHydrated } from '@/lib/use-hydrated';

// A part of a prerendered page below the fold stays the server's HTML, visible and readable but
// not yet run by React, until it nears the screen, is touched (pointer, focus, key) or is updated.
// Hydrating it costs a slow phone's main thread while the page loads, for content the visitor may
// never scroll to.
//
// How: the part sits in its own Suspense boundary, which React hydrates after the rest of the
// page at its lowest priority. While the part's gate is shut, the boundary's first child throws
// the gate's promise, so React leaves the HTML in place and hydrates the boundary once the promise
// settles. A thrown promise, not `use`: React unwinds to the boundary at once for it, while with
// `use` it waits for the promise and holds the hydration of every boundary after this one.
//
// The gate must be open before React tries the boundary for any other reason:
// - a tap, a focus or a key inside: React hydrates the boundary at once to deliver the event. The
//   gate opens in a listener on the document, which runs before React's own on the root.
// - an update. React hydrates a boundary before it applies an update to it, and any context
//   that changes above a boundary not yet hydrated counts as one, whether the part reads it or
//   not. With the gate shut an update in a transition (a navigation) would wait for the gate.
//   So the wrapper reads every context above it that changes after the page has loaded (the
//   router's state and the auth state) and opens the gate whenever it renders again: it renders
//   before the boundary in the same pass. A new context provider above these parts must be read
//   here too, or a transition that changes it waits until the part is seen. (An update that is
//   not a transition does not wait: React renders the part afresh, which needs no gate.)
//
// A part must take its data from the page (props), not read a query itself: it hydrates later,
// when the query may have fetched anew, and data that changed since the build would not match
// its HTML. With props it hydrates with what the page rendered, then takes the update.

/** Whether a part may hydrate yet. A class: React's lint rules forbid writing to a state value. */
class Gate {
  readonly opened: Promise<void>;
  private settle = () => {};
  private committed = false;
  private isOpen = false;

  constructor() {
    this.opened = new Promise<void>((resolve) => (this.settle = resolve));
  }

  get open(): boolean {
    return this.isOpen;
  }

  release(): void {
    this.isOpen = true;
    this.settle();
  }

  /** The wrapper has committed: from now on a render of it is an update. */
  commit(): void {
    this.committed = true;
  }

  /** The wrapper renders; after its commit that is an update on its way into the part. */
  wrapperRenders(): void {
    if (this.committed) this.release();
  }

  /**
   * React renders the part: true while it must wait. Only a hydration in the browser waits, once
   * the wrapper has committed (the prerender never commits it); a part rendered afresh has no
   * HTML to keep. Not only React's first try: a try it throws away (an update came first) counts
   * as none.
   */
  mustWait(hydrating: boolean): boolean {
    if (this.isOpen) return false;
    if (hydrating && this.committed) return true;
    this.release();
    return false;
  }
}

function GateKeeper({ gate, children }: { gate: Gate; children: ReactNode }) {
  // Not yet "hydrated" only while React hydrates this part (or in the prerender); rendered afresh
  // in the browser, it is.
  const hydrating = !useHydrated();
  if (gate.mustWait(hydrating)) throw gate.opened;
  return children;
}

/** The parts whose gate a tap or a focus on the page may open, by their wrapper element. */
const touchable = new Map<HTMLElement, Gate>();

function openTouched(event: Event): void {
  if (!(event.target instanceof Node)) return;
  for (const [element, gate] of touchable) if (element.contains(event.target)) gate.release();
}

function listenForTouches(element: HTMLElement, gate: Gate): () => void {
  if (touchable.size === 0) {
    for (const type of ['pointerdown', 'focusin', 'keydown'])
      document.addEventListener(type, openTouched, { capture: true });
  }
  touchable.set(element, gate);
  return () => {
    touchable.delete(element);
    if (touchable.size > 0) return;
    for (const type of ['pointerdown', 'focusin', 'keydown'])
      document.removeEventListener(type, openTouched, { capture: true });
  };
}

/** Opens the gate once one of the element's children is within half a screen of the viewport. */
function openWhenNear(element: HTMLElement, gate: Gate): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    gate.release();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      gate.release();
    },
    { rootMargin: '50% 0px' },
  );
  // The wrapper has no box of its own (display: contents); its children have.
  for (const child of Array.from(element.children)) observer.observe(child);
  return () => observer.disconnect();
}

/**
 * Hydrates its children only when they near the screen, are touched, or get new props (see the
 * top of this file). Only when it hydrates: rendered in the browser, its children render at once.
 * The wrapper is a `display: contents` div, so it adds no box to the layout.
 */
export function DeferredHydration({ children }: { children: ReactNode }) {
  const [gate] = useState(() => new Gate());
  const wrapper = useRef<HTMLDivElement>(null);
  // Read only so that a change renders this wrapper again (see the top of this file): the data
  // router's whole state (a navigation starting, loading, done), the location (also under the
  // plain routers of the unit tests, which have no such state) and the auth state.
  use(UNSAFE_DataRouterStateContext);
  useLocation();
  useAuth();
  gate.wrapperRenders();
  useEffect(() => {
    gate.commit();
    const element = wrapper.current;
    if (gate.open || !element) return;
    const stopListening = listenForTouches(element, gate);
    const stopObserving = openWhenNear(element, gate);
    void gate.opened.then(() => {
      stopListening();
      stopObserving();
    });
    return () => {
      stopListening();
      stopObserving();
    };
  }, [gate]);
  return (
    <div ref={wrapper} className="contents">
      <Suspense fallback={null}>
        <GateKeeper gate={gate}>{children}</GateKeeper>
      </Suspense>
    </div>
  );
}
