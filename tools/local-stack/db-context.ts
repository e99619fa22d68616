import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import { errors as joseErrors } from 'jose';
import { isOpaqueApiKey, opaqueKeyRole, verifyJwt } from './jwt';

/** The database roles a request may run as (as PostgREST and storage-api pick them). */
export type RequestRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestContext {
  role: RequestRole;
  /** The verified JWT claims; `{ role: 'anon' }` when the request carried no user JWT. */
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** GET/HEAD and calls of stable functions run read-only, as on PostgREST. */
  readOnly: boolean;
  /** Extra transaction-local settings, e.g. storage's `storage.operation`. */
  settings?: Record<string, string>;
}

const STATEMENT_TIMEOUT = '8s';
const KNOWN_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

/** A JWT that failed verification; callers answer it with their API's 401/403 shape. */
export class InvalidJwtError extends Error {}

/**
 * Picks the role the way PostgREST does: only the Bearer JWT counts (the apikey header is
 * ignored), no JWT means anon, a JWT that does not verify is rejected. Supabase's legacy keys
 * are JWTs themselves, so an anon key as Bearer yields role anon. The new opaque keys
 * (sb_publishable_/sb_secret_, which supabase-js sends as Bearer without a session) stand for
 * anon and service_role, as the hosted gateway translates them; an unknown one is refused.
 */
export async function resolveRequestAuth(
  authorization: string | undefined,
  jwtSecret: string,
): Promise<{ role: RequestRole; claims: Record<string, unknown>; token: string | null }> {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return { role: 'anon', claims: { role: 'anon' }, token: null };
  const token = match[1];
  if (isOpaqueApiKey(token)) {
    const keyRole = opaqueKeyRole(token);
    if (!keyRole) throw new InvalidJwtError('Invalid API key');
    return { role: keyRole, claims: { role: keyRole }, token };
  }
  let claims: Record<string, unknown>;
  try {
    claims = (await verifyJwt(token, jwtSecret)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new InvalidJwtError('JWT expired');
    throw new InvalidJwtError(error instanceof Error ? error.message : 'invalid JWT');
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  // An unknown role would make `set local role` fail; PostgREST answers that like a bad JWT.
  if (!KNOWN_ROLES.includes(role)) throw new InvalidJwtError(`role "${role}" does not exist`);
  return { role: role as RequestRole, claims, token };
}

/**
 * Settings the API roles carry themselves (`alter role anon set statement_timeout = '3s'`):
 * PostgREST applies them after switching role, which `set local role` alone does not do.
 */
const roleSettingsByPool = new WeakMap<pg.Pool, Promise<Map<string, Record<string, string>>>>();
const ROLE_SETTINGS_APPLIED = new Set([
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
]);

function roleSettings(pool: pg.Pool): Promise<Map<string, Record<string, string>>> {
  let loaded = roleSettingsByPool.get(pool);
  if (!loaded) {
    loaded = pool
      .query<{ role: string; setconfig: string[] }>(
        `select r.rolname as role, s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
          where r.rolname = any($1) and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
          order by s.setdatabase`,
        [KNOWN_ROLES],
      )
      .then(({ rows }) => {
        const byRole = new Map<string, Record<string, string>>();
        for (const row of rows) {
          const settings = byRole.get(row.role) ?? {};
          for (const entry of row.setconfig) {
            const eq = entry.indexOf('=');
            const name = entry.slice(0, eq);
            if (eq > 0 && ROLE_SETTINGS_APPLIED.has(name)) settings[name] = entry.slice(eq + 1);
          }
          byRole.set(row.role, settings);
        }
        return byRole;
      });
    roleSettingsByPool.set(pool, loaded);
    loaded.catch(() => roleSettingsByPool.delete(pool));
  }
  return loaded;
}

function lowerCaseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Runs `fn` in one transaction as the request's role with the settings PostgREST sets, so
 * RLS policies and `auth.uid()` see exactly what they see on Supabase. Commits when `fn`
 * resolves, rolls back when it throws (including a deliberate rollback by the caller).
 */
export async function withRequestContext<T>(
  pool: pg.Pool,
  context: RequestContext,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (!KNOWN_ROLES.includes(context.role)) throw new InvalidJwtError(`unknown role ${context.role}`);
  const ownSettings = (await roleSettings(pool)).get(context.role) ?? {};
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(context.readOnly ? 'begin isolation level read committed read only' : 'begin');
    const claim = (name: string) => {
      const value = context.claims[name];
      return typeof value === 'string' ? value : '';
    };
    const settings: Record<string, string> = {
      'request.jwt.claims': JSON.stringify(context.claims),
      'request.jwt.claim.sub': claim('sub'),
      'request.jwt.claim.role': context.role,
      'request.jwt.claim.email': claim('email'),
      'request.method': context.method,
      'request.path': context.path,
      'request.headers': JSON.stringify(lowerCaseHeaders(context.headers)),
      search_path: 'public, extensions',
      statement_timeout: STATEMENT_TIMEOUT,
      ...ownSettings,
      ...context.settings,
    };
    const names = Object.keys(settings);
    const calls = names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ');
    await client.query(
      `select ${calls}`,
      names.flatMap((name) => [name, settings[name]]),
    );
    // The role is one of KNOWN_ROLES (checked above), so quoting it is enough.
    await client.query(`set local role "${context.role}"`);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}
