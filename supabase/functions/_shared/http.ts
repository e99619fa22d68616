import { UNSAFE_TEXT, unsafeTextField } from '@common/input-rules.ts';
import { corsHeaders } from './cors.ts';
import { siteOrigins } from './env.ts';

/** An answer the caller should see: status plus the JSON body of the function's contract. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type JsonBody = Record<string, unknown>;
/** The function's answer: JSON for the contract, or a ready Response (a file) that gets CORS. */
export type JsonHandler = (
  body: unknown,
  req: Request,
) => Promise<{ status?: number; body: JsonBody } | Response>;

export const GENERIC_ERROR = 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es später erneut.';

function json(status: number, body: JsonBody, cors: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/**
 * Wraps a function's logic with what every function needs: CORS, POST only, a JSON body and
 * one error shape `{success: false, error}`. Unexpected errors are logged with their cause but
 * answered with a generic German text, so no internals reach the browser.
 */
export function serveJson(handle: JsonHandler): (req: Request) => Promise<Response> {
  return async (req) => {
    const cors = corsHeaders(req.headers.get('origin'), siteOrigins());
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (req.method !== 'POST') {
      return json(
        405,
        { success: false, error: 'Methode nicht erlaubt.' },
        { ...cors, Allow: 'POST, OPTIONS' },
      );
    }
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return json(400, { success: false, error: 'Ungültige Anfrage.' }, cors);
    }
    // The one input layer in front of every function (issue 25): text Postgres cannot store
    // (NUL, a lone surrogate) is refused here, before any challenge or rate-limit slot is spent.
    const unsafeField = unsafeTextField(body);
    if (unsafeField !== null) {
      return json(
        400,
        { success: false, error: UNSAFE_TEXT, code: 'INVALID_INPUT', detail: unsafeField || null },
        cors,
      );
    }
    try {
      const result = await handle(body, req);
      if (result instanceof Response) {
        for (const [name, value] of Object.entries(cors)) result.headers.set(name, value);
        return result;
      }
      return json(result.status ?? 200, result.body, cors);
    } catch (error) {
      if (error instanceof HttpError) {
        return json(error.status, { success: false, error: error.message, ...error.extra }, cors);
      }
      console.error('Unhandled function error', error);
      return json(500, { success: false, error: GENERIC_ERROR }, cors);
    }
  };
}
