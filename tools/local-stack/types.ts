import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';

/** `legacy`: JWT anon/service-role keys; `new`: opaque sb_publishable_/sb_secret_ keys. */
export type ApiKeyKind = 'legacy' | 'new';

/** Everything a running local stack knows about itself. */
export interface StackConfig {
  /** Gateway port (default 54321). */
  apiPort: number;
  /** Postgres port (default 54322). */
  dbPort: number;
  /** e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** postgresql://postgres:postgres@127.0.0.1:54322/postgres */
  dbUrl: string;
  /** Root of everything the stack writes (default <repo>/.local). */
  dataDir: string;
  /** Where storage objects are kept (under dataDir). */
  storageDir: string;
  jwtSecret: string;
  /** Which kind of API keys the stack hands out (LOCAL_STACK_API_KEYS); both are accepted. */
  apiKeys: ApiKeyKind;
  /** The key for browsers: the legacy anon JWT or the sb_publishable_ key. */
  anonKey: string;
  /** The key that bypasses RLS: the legacy service-role JWT or the sb_secret_ key. */
  serviceRoleKey: string;
  /** The site that links in mails point to (default http://127.0.0.1:8080, the Vite server). */
  siteUrl: string;
  /**
   * `[api] max_rows` of supabase/config.toml: the most rows a GET or a set-returning rpc answers,
   * as PostgREST's db-max-rows on the hosted project; null for no limit.
   */
  maxRows: number | null;
  /** Extra environment for edge functions (mail settings, overrides for tests). */
  functionsEnv: Record<string, string>;
  /** Reload functions on file change (dev) or not (tests). */
  watchFunctions: boolean;
}

export interface StackContext {
  /** Pool of superuser connections; request handlers switch role per transaction. */
  pool: pg.Pool;
  config: StackConfig;
}

/**
 * A gateway route handler. `subpath` is the path below the handler's prefix, e.g. for
 * `/rest/v1/events?select=*` the REST handler gets `/events` (query string in `url`).
 */
export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  url: URL,
  ctx: StackContext,
) => Promise<void>;
