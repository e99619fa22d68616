import { vi } from 'vitest';

// Scripted answers at the fetch boundary: the real supabase-js client, fetchers and mappers run,
// only what the "server" says is decided by the test.

export interface SeenRequest {
  url: URL;
  headers: Headers;
}

export type Reply = (request: SeenRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Installs a fake fetch; `routes` maps a REST table name to its reply, anything else gets []. */
export function stubRest(routes: Record<string, Reply> = {}) {
  const seen: SeenRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const request = { url, headers };
    seen.push(request);
    const table = url.pathname.replace(/^\/rest\/v1\//, '');
    const reply = routes[table];
    return reply ? reply(request) : json([]);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { seen };
}

/** A reply the test releases later, to look at pending states. */
export function deferredReply() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { reply: () => promise, release };
}
