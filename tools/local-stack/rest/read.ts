import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import { PgrstError } from './errors';
import type { LevelParams, SelectItem } from './parser';
import { parseRange, type Preferences } from './preferences';
import { buildLevel, checkEmbedLevels, newBuildContext, wrapAsJsonArray, type Source } from './read-query';
import type { SchemaCache } from './schema-cache';
import { notSingular, Params } from './sql';

/** Everything the handler has parsed from one request. */
export interface RestRequest {
  method: string;
  headers: IncomingHttpHeaders;
  url: URL;
  prefs: Preferences;
  single: boolean;
  items: SelectItem[];
  levels: Map<string, LevelParams>;
  /** db-max-rows (config.toml `[api] max_rows`): caps what a read or an rpc answers; null: none. */
  maxRows: number | null;
}

export interface Reply {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface SelectResult {
  /** JSON array text. */
  body: string;
  rows: number;
  total: number | null;
  offset: number;
  /** Rows a merging upsert inserted (not updated), when `insertedSql` asked for it. */
  inserted?: number;
}

/**
 * Runs the read part of any request (a table GET, an rpc result, a write's representation):
 * select tree, filters, order, paging from limit/offset and Range, and the exact total.
 */
export async function runSelect(
  client: pg.PoolClient,
  cache: SchemaCache,
  request: RestRequest,
  source: Source,
  options: {
    paging: boolean;
    /** `with "pgrst_source" as (insert ... returning ...)` of a write, using `params`. */
    cte?: string;
    params?: Params;
    /** SQL for the number of rows a merging upsert inserted, read in the same statement. */
    insertedSql?: string;
  },
): Promise<SelectResult> {
  checkEmbedLevels(request.levels, request.items);
  const root = request.levels.get('');
  let offset = root?.offset ?? 0;
  let limit = root?.limit ?? null;
  const range = options.paging ? parseRange(request.headers) : null;
  if (range) {
    offset = root?.offset ?? range.offset;
    if (range.limit !== null) limit = limit === null ? range.limit : Math.min(limit, range.limit);
  }
  // PostgREST's db-max-rows: no page is longer, whatever limit or Range asked for; the client
  // learns it from Content-Range (and, with a count, a 206) and pages on with Range.
  if (options.paging && request.maxRows !== null) {
    limit = limit === null ? request.maxRows : Math.min(limit, request.maxRows);
  }
  const params = options.params ?? new Params();
  const ctx = newBuildContext(cache, params, request.levels);
  const level = buildLevel(ctx, source, request.items, '', { join: () => [], limit, offset });
  if (options.cte) {
    // A write: its CTE runs once, and the number of rows it touched is the total.
    const inserted = options.insertedSql ? `, ${options.insertedSql} as inserted` : '';
    const result = await client.query<{ body: string; page_total: number; total: number; inserted?: number }>(
      `${options.cte} select "_a".*, (select count(*)::int from "pgrst_source") as total${inserted} from (${wrapAsJsonArray(level)}) as "_a"`,
      params.values,
    );
    const row = result.rows[0];
    return {
      body: row?.body ?? '[]',
      rows: row?.page_total ?? 0,
      total: row?.total ?? 0,
      offset,
      inserted: row?.inserted,
    };
  }
  const result = await client.query<{ body: string; page_total: number }>(
    wrapAsJsonArray(level),
    params.values,
  );
  const row = result.rows[0] ?? { body: '[]', page_total: 0 };
  let total: number | null = null;
  if (request.prefs.count) {
    const countParams = new Params();
    const countLevel = buildLevel(
      newBuildContext(cache, countParams, request.levels),
      source,
      request.items,
      '',
      {
        join: () => [],
        forCount: true,
      },
    );
    const counted = await client.query<{ total: number }>(
      `select count(*)::int as total from (${countLevel}) as "_r"`,
      countParams.values,
    );
    total = counted.rows[0]?.total ?? 0;
  }
  return { body: row.body, rows: row.page_total, total, offset };
}

export function contentRange(result: { rows: number; total: number | null; offset: number }): string {
  const total = result.total === null ? '*' : String(result.total);
  if (result.rows === 0) return `*/${total}`;
  return `${result.offset}-${result.offset + result.rows - 1}/${total}`;
}

/** Turns a JSON array into the requested shape: the array, or one object (PGRST116 otherwise). */
export function shapeBody(body: string, rows: number, single: boolean): string {
  if (!single) return body;
  if (rows !== 1) throw notSingular(rows);
  return JSON.stringify((JSON.parse(body) as unknown[])[0]);
}

/** GET/HEAD on a table or view. */
export async function readTable(
  client: pg.PoolClient,
  cache: SchemaCache,
  request: RestRequest,
  source: Source,
): Promise<Reply> {
  const result = await runSelect(client, cache, request, source, { paging: true });
  if (result.total !== null && result.offset > result.total) {
    throw new PgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${result.offset} was requested, but there are only ${result.total} rows.`,
      null,
      { 'Content-Range': `*/${result.total}` },
    );
  }
  const partial = result.total !== null && (result.offset > 0 || result.rows < result.total);
  const headers: Record<string, string> = {
    'Content-Type': JSON_TYPE,
    'Content-Range': contentRange(result),
  };
  if (request.prefs.count) headers['Preference-Applied'] = `count=${request.prefs.count}`;
  return {
    status: partial && !request.single ? 206 : 200,
    body: shapeBody(result.body, result.rows, request.single),
    headers,
  };
}
