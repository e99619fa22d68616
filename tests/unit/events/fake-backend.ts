import { vi } from 'vitest';
import type { EventRow } from '@/features/events/lib/event-row';
import { servedAvailability, type StoredEventRow } from './fixtures';

// A stand-in for the Supabase HTTP API at the fetch boundary: the real supabase-js client, the
// real fetchers and mappers run; only the network answer is scripted. Integration tests cover
// the real database (tests/integration/events.test.ts).

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Responder = (request: RecordedRequest) => Answer;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** PostgREST's error body for a failed request, e.g. a `RAISE EXCEPTION` from an RPC. */
export function postgrestError(message: string, status = 400, code = 'P0001'): Response {
  return json({ code, message, details: null, hint: null }, status);
}

/** A fetch that never gets an answer, like a server that is down: rejects as the browser does. */
export function networkFailure(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** An answer the test releases when it wants (to observe pending states). */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

// The few PostgREST filters the public events queries use.
function matches(row: EventRow, params: URLSearchParams): boolean {
  for (const [key, value] of params) {
    if (['select', 'order', 'limit', 'offset'].includes(key)) continue;
    const field = String((row as unknown as Record<string, unknown>)[key] ?? '');
    if (value.startsWith('eq.') && field !== value.slice(3)) return false;
    if (value.startsWith('gte.') && !(row[key as keyof EventRow] !== null && field >= value.slice(4)))
      return false;
    if (value.startsWith('in.(') && !value.slice(4, -1).split(',').includes(field)) return false;
  }
  return true;
}

export function eventsTable(rows: () => StoredEventRow[]): Responder {
  return ({ url }) => {
    const found = rows()
      .map((row) => ({ ...row, availability: servedAvailability(row) }))
      .filter((row) => matches(row, url.searchParams))
      .sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? ''));
    const limit = url.searchParams.get('limit');
    return json(limit ? found.slice(0, Number(limit)) : found);
  };
}

export interface FakeBackend {
  requests: RecordedRequest[];
  /** Requests to one path below the API, e.g. '/rest/v1/events'. */
  requestsTo: (path: string) => RecordedRequest[];
  on: (path: string, responder: Responder) => void;
}

export function installFakeBackend(): FakeBackend {
  const responders = new Map<string, Responder>();
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const responder = responders.get(url.pathname);
    if (!responder) return json({ message: `no fake for ${url.pathname}` }, 404);
    const signal = init?.signal;
    const answer = Promise.resolve(responder(request));
    if (!signal) return answer;
    // Honour aborts (time-outs, cancelled queries) like a real fetch.
    return Promise.race([
      answer,
      new Promise<Response>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    ]);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    requestsTo: (path) => requests.filter((request) => request.url.pathname === path),
    on: (path, responder) => responders.set(path, responder),
  };
}
