import type { EventRow } from '../lib/event-row';

// The frame served for an event newer than the build (events/-neu.html) asks the API for its
// event while the HTML is still parsing (early-event-script.ts), long before the app's scripts
// have loaded. The app's first lookup of that slug takes this answer instead of asking again.

/** The global the early script leaves on `window`. */
export const EARLY_EVENT_GLOBAL = '__earlyEvent';

/** Marks the skeleton's image box, in which the early script shows the event's image. */
export const EARLY_IMAGE_ATTRIBUTE = 'data-early-image';

/**
 * What the early script leaves: the slug of the address, PostgREST's answer (an array), and a
 * promise that never rejects and settles once the event's image has loaded or there is none; the
 * inline starter in index.html waits for it before it requests the app's scripts.
 */
export interface EarlyEvent {
  slug: string;
  rows: Promise<unknown>;
  ready: Promise<void>;
}

type EarlyEventWindow = Partial<Record<typeof EARLY_EVENT_GLOBAL, EarlyEvent>>;

function earlyEventOf(slug: string): EarlyEvent | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as EarlyEventWindow)[EARLY_EVENT_GLOBAL];
  return early?.slug === slug ? early : undefined;
}

function forget(early: EarlyEvent): void {
  const global = window as EarlyEventWindow;
  if (global[EARLY_EVENT_GLOBAL] === early) delete global[EARLY_EVENT_GLOBAL];
}

/** Rejects when the signal aborts first (the caller's time-out or TanStack Query's cancel). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The early answer for this slug, once: the row (null when no published event has the slug), or
 * undefined when there is none to take (another page, already used, failed, or aborted), and the
 * caller asks the API itself with its own error handling. Used once, so a later refetch (a
 * registration invalidates the events) reads fresh data.
 */
export async function takeEarlyEvent(
  slug: string,
  signal: AbortSignal,
): Promise<EventRow | null | undefined> {
  const early = earlyEventOf(slug);
  if (!early) return undefined;
  let rows: unknown;
  try {
    rows = await untilAborted(early.rows, signal);
  } catch {
    // A lookup cancelled while waiting leaves the answer for the next one; a failed one is gone.
    if (!signal.aborted) forget(early);
    return undefined;
  }
  forget(early);
  if (!Array.isArray(rows)) return undefined;
  return (rows[0] as EventRow | undefined) ?? null;
}
