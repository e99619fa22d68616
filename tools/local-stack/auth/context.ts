import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { bearerToken, isPlainObject, readJson, sendJson } from '../http';
import { verifyJwt } from '../jwt';
import type { Mailbox } from '../mail/mailbox';
import type { StackContext } from '../types';
import { AuthError, versionHeaders } from './errors';
import type { AuthSettings } from './settings';
import { sessionExists } from './sessions';
import { findUserById, type UserRow } from './users';

const BODY_LIMIT = 1024 * 1024;

export interface AuthDeps {
  ctx: StackContext;
  settings: AuthSettings;
  mailbox: Mailbox;
}

export type AuthEndpoint = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: AuthDeps,
) => Promise<void>;

/** Runs `fn` in one transaction on a superuser connection (GoTrue's own database role). */
export async function transaction<T>(ctx: StackContext, fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const db = await ctx.pool.connect();
  try {
    await db.query('begin');
    const result = await fn(db);
    await db.query('commit');
    return result;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/** The JSON object body of an auth request (empty body = `{}`). */
export async function readAuthBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await readJson(req, BODY_LIMIT);
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`);
    }
    throw new AuthError(413, 'request_too_large', 'Request body too large');
  }
  if (body === undefined) return {};
  if (!isPlainObject(body))
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  return body;
}

export function sendAuthJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, versionHeaders(req));
}

export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${field} must be a string`);
  return value;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/**
 * The user behind the request's Bearer JWT, as GoTrue's requireAuthentication does it: the token
 * must verify, name a user that still exists and a session that has not been ended.
 */
export async function requireUser(req: IncomingMessage, deps: AuthDeps): Promise<Authenticated> {
  const token = bearerToken(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  let claims: Record<string, unknown>;
  try {
    claims = await verifyJwt(token, deps.ctx.config.jwtSecret);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unable to parse or verify signature';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const user = /^[0-9a-f-]{36}$/i.test(claims.sub) ? await findUserById(deps.ctx.pool, claims.sub) : null;
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !(await sessionExists(deps.ctx.pool, sessionId))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId };
}
