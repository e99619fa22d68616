import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { resolveRequestAuth, withRequestContext, type RequestRole } from '../db-context';
import type { StackContext } from '../types';
import { accessDenied } from './errors';

export interface StorageCaller {
  role: RequestRole;
  claims: Record<string, unknown>;
  token: string | null;
  /** The JWT's `sub`: the object's owner. */
  owner: string | null;
}

/**
 * Storage verifies the Bearer JWT itself; a bad one is AccessDenied, except on routes anyone
 * may use (public objects), where the caller simply becomes anon.
 */
export async function resolveCaller(
  req: IncomingMessage,
  jwtSecret: string,
  allowAnonOnBadJwt = false,
): Promise<StorageCaller> {
  try {
    const auth = await resolveRequestAuth(req.headers.authorization, jwtSecret);
    const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
    return { ...auth, owner: sub };
  } catch (error) {
    if (allowAnonOnBadJwt) return { role: 'anon', claims: { role: 'anon' }, token: null, owner: null };
    throw accessDenied(error instanceof Error ? error.message : 'invalid JWT');
  }
}

/** A transaction as the caller, with the settings storage-api sets, so RLS on storage.objects decides. */
export function asCaller<T>(
  ctx: StackContext,
  req: IncomingMessage,
  caller: StorageCaller,
  operation: string,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withRequestContext(
    ctx.pool,
    {
      role: caller.role,
      claims: caller.claims,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      readOnly: false,
      settings: {
        search_path: 'storage, public, extensions',
        'request.jwt': caller.token ?? '',
        'storage.operation': operation,
      },
    },
    fn,
  );
}

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** Bucket settings are read as the storage service itself, as storage-api does for limits. */
export async function findBucket(pool: pg.Pool, id: string): Promise<Bucket | null> {
  const { rows } = await pool.query<Bucket>(
    'select id, name, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  return rows[0] ?? null;
}
