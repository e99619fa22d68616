// One outgoing HTTP call to a third-party API with a hard time limit: a provider that hangs
// must not hold the visitor's request (or the function) open.

export type FetchJsonOutcome =
  | { reached: true; ok: boolean; status: number; payload: Record<string, unknown> }
  | { reached: false; error: string };

export async function fetchJson(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<FetchJsonOutcome> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const payload = await response.json().catch(() => ({}));
    const body = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    return { reached: true, ok: response.ok, status: response.status, payload: body };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { reached: false, error: timedOut ? `timed out after ${timeoutMs} ms` : String(error) };
  }
}

export function describeFailure(service: string, outcome: FetchJsonOutcome, ...detailKeys: string[]): string {
  if (!outcome.reached) return `${service} ${outcome.error}`;
  const detail = detailKeys
    .map((key) => outcome.payload[key])
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(': ');
  return `${service} answered ${outcome.status}${detail ? `: ${detail}` : ''}`;
}
