/**
 * The one fake backend of the unit and component tests: the Supabase HTTP API stood in for at
 * the fetch boundary. The real supabase-js client, the real fetchers, mappers and components
 * run; only what the "server" answers is scripted by the test. What the real backend does is
 * tested against the real database (tests/integration, tests/db) and in the browser (tests/e2e).
 *
 *   const backend = installFakeBackend();
 *   backend.on('/rest/v1/events', restTable(() => rows));          // any method
 *   backend.on('POST /functions/v1/register-for-event', () => json(receipt));
 *   backend.on('GET /storage/v1/object/*', () => new Response('...')); // every path below
 *   ...
 *   expect(backend.calls('POST /functions/v1/register-for-event')[0]!.body).toEqual({ ... });
 *
 * Unrouted requests get a 404 naming the route (or what `unrouted` answers). Uninstall with
 * `vi.unstubAllGlobals()` in afterEach.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, a FormData/Blob or text as sent, or undefined. */
  body: unknown;
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeBackend {
  /** Every request, in order. */
  requests: RecordedRequest[];
  /**
   * Answers `route`: 'METHOD /path', or '/path' for every method; a trailing '*' answers every
   * path below it. A later `on` for the same route replaces the earlier one.
   */
  on: (route: string, responder: Responder) => FakeBackend;
  /** The requests `route` (written as for `on`) matched. */
  calls: (route: string) => RecordedRequest[];
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  // A 204 carries no body (the Response constructor refuses one): PostgREST's answer to a write
  // without `return=representation`.
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** PostgREST's error body, e.g. a `RAISE EXCEPTION` from an RPC (P0001) or a refused policy (42501). */
export function postgrestError(
  message: string,
  status = 400,
  code = 'P0001',
  details: string | null = null,
): Response {
  return json({ code, message, details, hint: null }, status);
}

/** A request that gets no answer, like a server that is down: rejects as the browser's fetch does. */
export function networkFailure(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** A value the test releases when it wants (to look at pending states). */
export function deferred<T = Response>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function routeMatches(route: string, request: RecordedRequest): boolean {
  const [method, path] = route.startsWith('/') ? [null, route] : route.split(' ', 2);
  if (method && method.toUpperCase() !== request.method) return false;
  if (!path) return false;
  return path.endsWith('*')
    ? request.url.pathname.startsWith(path.slice(0, -1))
    : request.url.pathname === path;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function toRequest(input: RequestInfo | URL, init?: RequestInit): RecordedRequest {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  return {
    method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
    url,
    headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
    body: parseBody(init?.body),
  };
}

/** Settles like a real fetch: an abort (a time-out, a cancelled query) rejects it. */
function abortable(answer: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return answer;
  return Promise.race([
    answer,
    new Promise<Response>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}

export function installFakeBackend(options: { unrouted?: Responder } = {}): FakeBackend {
  const routes: Array<[string, Responder]> = [];
  const requests: RecordedRequest[] = [];
  const unrouted: Responder =
    options.unrouted ??
    ((request) => json({ message: `no fake for ${request.method} ${request.url.pathname}` }, 404));

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = toRequest(input, init);
      requests.push(request);
      // The newest route wins, so a test can override what a shared helper set up.
      const responder = routes.findLast(([route]) => routeMatches(route, request))?.[1] ?? unrouted;
      return abortable(Promise.resolve(responder(request)), init?.signal);
    }),
  );

  const backend: FakeBackend = {
    requests,
    on: (route, responder) => {
      routes.push([route, responder]);
      return backend;
    },
    calls: (route) => requests.filter((request) => routeMatches(route, request)),
  };
  return backend;
}

// ------------------------------------------------------------------------------------------------
// A table in memory, answering the few PostgREST filters the app's list queries use.
// ------------------------------------------------------------------------------------------------

function rowMatches(row: object, params: URLSearchParams): boolean {
  for (const [key, value] of params) {
    if (['select', 'order', 'limit', 'offset'].includes(key)) continue;
    const raw = (row as Record<string, unknown>)[key];
    const field = String(raw ?? '');
    if (value.startsWith('eq.') && field !== value.slice(3)) return false;
    if (value.startsWith('gte.') && !(raw !== null && raw !== undefined && field >= value.slice(4)))
      return false;
    if (value.startsWith('in.(') && !value.slice(4, -1).split(',').includes(field)) return false;
  }
  return true;
}

/**
 * Answers GETs on a table from `rows()` (read on every request, so a test can change them):
 * eq/gte/in filters and limit, sorted by `sortBy` (a text column such as 'start_date').
 */
export function restTable<Row extends object>(rows: () => Row[], sortBy?: keyof Row): Responder {
  return ({ url }) => {
    const found = rows().filter((row) => rowMatches(row, url.searchParams));
    if (sortBy) found.sort((a, b) => String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? '')));
    const limit = url.searchParams.get('limit');
    return json(limit ? found.slice(0, Number(limit)) : found);
  };
}
