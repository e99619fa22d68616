/** How an edge-function call failed, told apart by supabase-js's own error classes. */
export type FunctionFailure =
  | { kind: 'fetch' } // FunctionsFetchError: the request never reached the function
  | { kind: 'relay' } // FunctionsRelayError: the gateway could not hand it over
  | { kind: 'http'; status: number; body: unknown } // FunctionsHttpError: non-2xx; body is the parsed JSON, if any
  | { kind: 'unexpected' };

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined; // not JSON: callers fall back to a generic message
  }
}

/** Classifies the `error` of `supabase.functions.invoke`; an http failure carries the function's answer. */
export async function classifyFunctionError(error: unknown): Promise<FunctionFailure> {
  // Loaded here, not imported: supabase-js stays off the public pages' critical path (the caller
  // has loaded it already to make the call, so this costs nothing).
  const { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } =
    await import('@supabase/supabase-js');
  if (error instanceof FunctionsHttpError) {
    const response: unknown = error.context;
    if (response instanceof Response) {
      return { kind: 'http', status: response.status, body: await readBody(response) };
    }
    return { kind: 'http', status: 0, body: undefined };
  }
  if (error instanceof FunctionsRelayError) return { kind: 'relay' };
  if (error instanceof FunctionsFetchError) return { kind: 'fetch' };
  return { kind: 'unexpected' };
}

/**
 * The German message a function answered with (`{ error: '…' }`, docs/contracts.md), when the
 * failure came from the function itself; null for a network, relay or unreadable failure.
 */
export async function functionErrorMessage(error: unknown): Promise<string | null> {
  const failure = await classifyFunctionError(error);
  if (failure.kind !== 'http') return null;
  const { body } = failure;
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  return typeof body.error === 'string' ? body.error : null;
}
