import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPlainObject, readJson, sendJson } from './http';

/** How a stand-in provider misbehaves: answer 500, never answer, or work normally. */
export type FaultMode = 500 | 'timeout' | null;

/**
 * Lets tests simulate a provider outage (POST <prefix>/control {failWith}) so the callers'
 * error handling can be exercised against the real HTTP path.
 */
export class ProviderFaults {
  mode: FaultMode = null;

  /**
   * Applies the current fault to a provider request. Returns true when the request was
   * answered (or deliberately left hanging) and must not be processed.
   */
  intercept(failure: () => void): boolean {
    if (this.mode === 500) {
      failure();
      return true;
    }
    if (this.mode === 'timeout') {
      // Never answer: the caller's own timeout has to fire. The socket goes when the client
      // gives up or the gateway stops.
      return true;
    }
    return false;
  }

  reset(): void {
    this.mode = null;
  }

  /** `POST <prefix>/control`; the caller has checked that the request may control the stack. */
  async handleControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      sendJson(res, 405, { message: 'use POST' });
      return;
    }
    const body = await readJson(req, 10_000).catch(() => undefined);
    const mode = isPlainObject(body) ? body.failWith : undefined;
    if (mode !== 500 && mode !== 'timeout' && mode !== null) {
      sendJson(res, 400, { message: 'body must be {"failWith": 500 | "timeout" | null}' });
      return;
    }
    this.mode = mode;
    sendJson(res, 200, { failWith: this.mode });
  }
}
