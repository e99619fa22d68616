import { vi } from 'vitest';

// The Supabase HTTP API faked at the fetch boundary: the real supabase-js client and the admin
// modules run; only the server's answers are scripted per "METHOD /path".

export interface ApiRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON, a FormData/Blob as sent, or undefined. */
  body: unknown;
}

export type Responder = (request: ApiRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function postgrestError(code: string, message: string, status = 403): Response {
  return json({ code, message, details: null, hint: null }, status);
}

export interface FakeApi {
  requests: ApiRequest[];
  on: (route: string, responder: Responder) => void;
  /** Requests that matched `route` exactly (or, for a route ending in '*', by prefix). */
  calls: (route: string) => ApiRequest[];
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function installFakeApi(): FakeApi {
  const responders = new Map<string, Responder>();
  const requests: ApiRequest[] = [];
  const key = (method: string, url: URL) => `${method} ${url.pathname}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const request: ApiRequest = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url,
        headers: new Headers(init?.headers),
        body: parseBody(init?.body),
      };
      requests.push(request);
      const exact = key(request.method, url);
      // A route ending in '*' answers every path below it (e.g. storage object names).
      const responder =
        responders.get(exact) ??
        [...responders].find(([route]) => route.endsWith('*') && exact.startsWith(route.slice(0, -1)))?.[1];
      return responder
        ? responder(request)
        : json({ message: `no fake for ${key(request.method, url)}` }, 404);
    }),
  );
  return {
    requests,
    on: (route, responder) => responders.set(route, responder),
    calls: (route) =>
      requests.filter((request) => {
        const exact = key(request.method, request.url);
        return route.endsWith('*') ? exact.startsWith(route.slice(0, -1)) : exact === route;
      }),
  };
}

/** Radix Select and Tooltip call pointer-capture and scrolling APIs that jsdom lacks. */
export function stubPointerApis(): void {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
