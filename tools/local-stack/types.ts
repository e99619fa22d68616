import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';

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
  anonKey: string;
  serviceRoleKey: string;
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
