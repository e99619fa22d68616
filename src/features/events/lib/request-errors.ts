// Tells "the database cannot be reached" (network failure, time-out, 5xx) apart from every other
// failure: only the first switches the public lists to the built-in sample events.

/** The spec's request time-outs: events page 15 s, home teaser 8 s, everything else 10 s. */
export const TIMEOUTS = { eventsPage: 15_000, teaser: 8_000, default: 10_000 } as const;

export interface RequestOptions {
  /** Cancellation from TanStack Query. */
  signal?: AbortSignal;
  timeoutMs: number;
  /** Names the request in the time-out message, e.g. 'Events laden'. */
  operation: string;
}

export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** The spec's time-out passed; retrying would only double the wait before the fallback. */
export class DatabaseTimeoutError extends DatabaseUnreachableError {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseTimeoutError';
  }
}

export class EventsRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventsRequestError';
  }
}

export function isDatabaseUnreachable(error: unknown): error is DatabaseUnreachableError {
  return error instanceof DatabaseUnreachableError;
}

/** '{operation} ist nach {n} Sekunden abgelaufen' (spec §8). */
export function timeoutMessage(operation: string, timeoutMs: number): string {
  return `${operation} ist nach ${Math.round(timeoutMs / 1000)} Sekunden abgelaufen`;
}

export interface RequestDeadline {
  signal: AbortSignal;
  /** Builds the error for a failed PostgREST answer (status 0 = no answer at all). */
  errorFor: (error: { message: string }, status: number) => Error;
}

/**
 * One signal that aborts on the caller's cancellation (TanStack Query) or after `timeoutMs`,
 * and remembers which of the two happened so a time-out gets the spec's message.
 */
export function startDeadline(operation: string, timeoutMs: number, cancel?: AbortSignal): RequestDeadline {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout;
  return {
    signal,
    errorFor(error, status) {
      if (timeout.aborted) return new DatabaseTimeoutError(timeoutMessage(operation, timeoutMs));
      if (status === 0 || status >= 500) return new DatabaseUnreachableError(error.message);
      return new EventsRequestError(error.message);
    },
  };
}

type RetrySetting = boolean | number | ((failureCount: number, error: Error) => boolean) | undefined;

/**
 * The app's retry rule for a query, except that a time-out is final: the spec bounds the wait
 * (e.g. 15 s on /events) before the visitor sees the samples.
 */
export function retryUnlessTimedOut(appDefault: RetrySetting) {
  return (failureCount: number, error: Error): boolean => {
    if (error instanceof DatabaseTimeoutError) return false;
    if (typeof appDefault === 'function') return appDefault(failureCount, error);
    if (typeof appDefault === 'number') return failureCount < appDefault;
    // TanStack Query's own default is 3 retries; `true` means retry forever.
    return appDefault === undefined ? failureCount < 3 : appDefault;
  };
}
