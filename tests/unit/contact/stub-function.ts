import { vi } from 'vitest';

// Answers the browser's fetch to /functions/v1/<name> the way the real edge function does
// (status + JSON), so the component runs supabase-js's real functions client and error kinds.

export interface FunctionCall {
  url: string;
  body: unknown;
}

export type FunctionAnswer = { status: number; body: Record<string, unknown> } | 'network-error';

export function stubFunction(answer: FunctionAnswer | Promise<FunctionAnswer>) {
  const calls: FunctionCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const resolved = await answer;
    if (resolved === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(resolved.body), {
      status: resolved.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
