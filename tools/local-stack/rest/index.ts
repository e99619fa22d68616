import type { IncomingMessage } from 'node:http';
import type { Handler, StackContext } from '../types';
import {
  InvalidJwtError,
  resolveRequestAuth,
  withRequestContext,
  type RequestContext,
  type RequestRole,
} from '../db-context';
import { isPgDatabaseError, PgrstError, toErrorResponse, unknownTable } from './errors';
import { PayloadTooLargeError, readBody, send, sendJson } from '../http';
import { parseQueryParams, parseSelect } from './parser';
import { jsonRowsToCsv } from './csv';
import { checkAccept, checkProfile, parsePreferences, wantsCsv, wantsSingleObject } from './preferences';
import { readTable, type Reply, type RestRequest } from './read';
import { tableSource } from './read-query';
import { callFunction, resolveCall } from './rpc';
import { withSchemaCache, type SchemaCache } from './schema-cache';
import { writeTable } from './write';

/** Larger bodies get 413 before any parsing, as the gateway in front of PostgREST does. */
const BODY_LIMIT = 1024 * 1024;

/** Errors that mean the cached catalog may be older than the database. */
const STALE_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703', '42P01', '42883']);

function isStale(error: unknown): boolean {
  return (error instanceof PgrstError || isPgDatabaseError(error)) && STALE_CODES.has(error.code);
}

function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE') {
    req.resume();
    return undefined;
  }
  return parseJsonBody(await readBody(req, BODY_LIMIT));
}

interface Route {
  kind: 'table' | 'rpc';
  name: string;
}

function route(subpath: string): Route {
  let parts: string[];
  try {
    parts = subpath
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
  } catch {
    throw new PgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
  if (parts.length === 1) return { kind: 'table', name: parts[0] as string };
  if (parts.length === 2 && parts[0] === 'rpc') return { kind: 'rpc', name: parts[1] as string };
  throw new PgrstError(404, 'PGRST125', `Invalid path specified in request URL`);
}

interface CallContext {
  ctx: StackContext;
  cache: SchemaCache;
  base: Omit<RestRequest, 'levels'>;
  body: unknown;
  context: Omit<RequestContext, 'readOnly'>;
}

function serveTable({ ctx, cache, base, body, context }: CallContext, name: string): Promise<Reply> {
  const table = cache.tables.get(name);
  if (!table) throw unknownTable(name);
  const request: RestRequest = { ...base, levels: parseQueryParams(base.url.searchParams) };
  const readOnly = base.method === 'GET' || base.method === 'HEAD';
  return withRequestContext(ctx.pool, { ...context, readOnly }, (client) =>
    readOnly
      ? readTable(client, cache, request, tableSource(table.name, table))
      : writeTable(client, cache, table, request, body),
  );
}

function serveRpc({ ctx, cache, base, body, context }: CallContext, name: string): Promise<Reply> {
  const isPost = base.method === 'POST';
  if (!isPost && base.method !== 'GET' && base.method !== 'HEAD') {
    throw new PgrstError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions');
  }
  const { fn, args, argNames } = resolveCall(cache, name, isPost, body, base.url.searchParams);
  // On GET the query string holds both the arguments and the filters of a set result.
  const request: RestRequest = {
    ...base,
    levels: parseQueryParams(base.url.searchParams, new Set(argNames)),
  };
  // As on PostgREST, only a POST to a volatile function may write.
  const readOnly = !(isPost && fn.volatile);
  return withRequestContext(ctx.pool, { ...context, readOnly }, (client) =>
    callFunction(client, cache, fn, args, request),
  );
}

export const restHandler: Handler = async (req, res, subpath, url, ctx) => {
  const method = (req.method ?? 'GET').toUpperCase();
  let role: RequestRole = 'anon';
  try {
    let auth;
    try {
      auth = await resolveRequestAuth(req.headers.authorization, ctx.config.jwtSecret);
    } catch (error) {
      if (!(error instanceof InvalidJwtError)) throw error;
      throw new PgrstError(401, 'PGRST301', error.message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${error.message.replace(/"/g, "'")}"`,
      });
    }
    role = auth.role;
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
      throw new PgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    checkProfile(req.headers);
    checkAccept(req.headers);
    const target = route(subpath);
    const body = await readJsonBody(req);
    const base: Omit<RestRequest, 'levels'> = {
      method,
      headers: req.headers,
      url,
      prefs: parsePreferences(req.headers),
      single: wantsSingleObject(req.headers),
      items: parseSelect(url.searchParams.get('select') ?? '*'),
      maxRows: ctx.config.maxRows,
    };
    const context = { role: auth.role, claims: auth.claims, method, path: subpath, headers: req.headers };
    const reply = await withSchemaCache(
      ctx.pool,
      (cache) => {
        const call = { ctx, cache, base, body, context };
        return target.kind === 'table' ? serveTable(call, target.name) : serveRpc(call, target.name);
      },
      isStale,
    );
    if (wantsCsv(req.headers) && reply.body?.startsWith('[')) {
      reply.body = jsonRowsToCsv(reply.body);
      reply.headers['Content-Type'] = 'text/csv; charset=utf-8';
    }
    send(res, reply.status, method === 'HEAD' ? '' : (reply.body ?? ''), reply.headers);
  } catch (error) {
    // An answer given before the body was read must not leave the client stuck sending it.
    req.resume();
    if (error instanceof PayloadTooLargeError) {
      sendJson(res, 413, { message: 'Request size limit exceeded' });
      return;
    }
    const { status, body, headers } = toErrorResponse(error, role === 'anon');
    if (method === 'HEAD') send(res, status, '', headers);
    else sendJson(res, status, body, headers);
  }
};
