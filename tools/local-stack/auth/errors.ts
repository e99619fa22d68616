import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http';

export const API_VERSION = '2024-01-01';
const API_VERSION_HEADER = 'x-supabase-api-version';

/** An error GoTrue answers with a status, an error code and a message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** OAuth-style errors of the token endpoint (`{error, error_description}`). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** Clients that send `X-Supabase-Api-Version: 2024-01-01` (or newer) get the new error shape. */
export function usesVersionedErrors(req: IncomingMessage): boolean {
  const header = req.headers[API_VERSION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION;
}

/** Response headers every auth answer carries: the API version is echoed back when asked for. */
export function versionHeaders(req: IncomingMessage): Record<string, string> {
  return usesVersionedErrors(req) ? { 'X-Supabase-Api-Version': API_VERSION } : {};
}

export function sendAuthError(
  req: IncomingMessage,
  res: ServerResponse,
  error: AuthError | OAuthError,
): void {
  if (error instanceof OAuthError) {
    sendJson(res, 400, { error: error.error, error_description: error.description }, versionHeaders(req));
    return;
  }
  const body = usesVersionedErrors(req)
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  sendJson(res, error.status, body, { ...versionHeaders(req), 'X-Sb-Error-Code': error.code });
}

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
