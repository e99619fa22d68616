import type pg from 'pg';
import { isPlainObject } from '../http';
import { PgrstError, parseError } from './errors';
import { fieldResolver, requireColumns } from './fields';
import { splitTopLevel, type LevelParams } from './parser';
import { checkMaxAffected } from './preferences';
import { JSON_TYPE, runSelect, shapeBody, type Reply, type RestRequest } from './read';
import type { SchemaCache, Table } from './schema-cache';
import { conditionSql, ident, notSingular, Params } from './sql';

type JsonObject = Record<string, unknown>;

const invalidBody = (message: string) => new PgrstError(400, 'PGRST102', message);

function tableSql(table: Table): string {
  return `${ident('public')}.${ident(table.name)}`;
}

/** `columns="a","b"` (postgrest-js) or `columns=a,b`. */
function parseColumnsParam(value: string): string[] {
  return splitTopLevel(value)
    .map((part) => part.trim().replace(/^"(.*)"$/, '$1'))
    .filter((part) => part !== '');
}

/** The columns an insert writes: `columns=` if given, else the object's keys (all rows must agree). */
function insertColumns(request: RestRequest, rows: JsonObject[]): string[] {
  const param = request.url.searchParams.get('columns');
  if (param !== null) return parseColumnsParam(param);
  const first = Object.keys(rows[0] ?? {});
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || keys.some((key) => !first.includes(key))) {
      throw invalidBody('All object keys must match');
    }
  }
  return first;
}

/**
 * The INSERT statement. Values go in as one JSON parameter that Postgres turns into the
 * table's row type (json_populate_recordset), so every type conversion is Postgres's own.
 */
function insertSql(
  table: Table,
  request: RestRequest,
  rows: JsonObject[],
  columns: string[],
  params: Params,
): string {
  const target = tableSql(table);
  const list = columns.map(ident).join(', ');
  let sql: string;
  if (columns.length === 0) {
    sql = `insert into ${target} as "_t" select from json_populate_recordset(null::${target}, ${params.add(JSON.stringify(rows))}::json)`;
  } else if (request.prefs.missingDefault) {
    // Missing keys take the column default: one VALUES row per object, DEFAULT where a key is absent.
    const values = rows.map((row) => {
      const record = `json_populate_record(null::${target}, ${params.add(JSON.stringify(row))}::json)`;
      const cells = columns.map((column) =>
        Object.hasOwn(row, column) ? `(select ${ident(column)} from ${record})` : 'default',
      );
      return `(${cells.join(', ')})`;
    });
    sql = `insert into ${target} as "_t" (${list}) values ${values.join(', ')}`;
  } else {
    sql = `insert into ${target} as "_t" (${list}) select ${list} from json_populate_recordset(null::${target}, ${params.add(JSON.stringify(rows))}::json)`;
  }
  if (request.prefs.resolution) {
    const onConflict = request.url.searchParams.get('on_conflict');
    const conflictColumns = onConflict !== null ? parseColumnsParam(onConflict) : table.primaryKey;
    if (conflictColumns.length === 0) {
      throw new PgrstError(
        400,
        'PGRST100',
        `"on_conflict" is required: table '${table.name}' has no primary key`,
      );
    }
    requireColumns(table, conflictColumns);
    const updates = columns.map((column) => `${ident(column)} = excluded.${ident(column)}`);
    const action =
      request.prefs.resolution === 'ignore-duplicates' || updates.length === 0
        ? 'do nothing'
        : `do update set ${updates.join(', ')}`;
    sql += ` on conflict (${conflictColumns.map(ident).join(', ')}) ${action}`;
  }
  return sql;
}

function rootConditions(cache: SchemaCache, request: RestRequest, table: Table, params: Params): string {
  const root = request.levels.get('');
  if (root && (root.limit !== null || root.offset !== null || root.order.length > 0)) {
    throw parseError('"limit, offset and order on writes are not supported by the local stack"');
  }
  const resolve = fieldResolver(cache, table);
  const conditions = (root?.conditions ?? []).map(
    (condition) => `(${conditionSql(condition, 't', params, resolve)})`,
  );
  if (conditions.length === 0) {
    // Supabase loads pg-safeupdate for the API: an unfiltered UPDATE or DELETE is refused.
    const command = request.method === 'PATCH' ? 'UPDATE' : 'DELETE';
    throw new PgrstError(400, '21000', `${command} requires a WHERE clause`);
  }
  return ` where ${conditions.join(' and ')}`;
}

/** The statement for one write, without RETURNING. */
function writeStatement(
  cache: SchemaCache,
  table: Table,
  request: RestRequest,
  body: unknown,
  params: Params,
): string | null {
  if (request.method === 'POST') {
    const rows = Array.isArray(body) ? body : [body];
    if (!rows.every(isPlainObject)) throw invalidBody('All object keys must match');
    if (rows.length === 0) return null;
    const columns = insertColumns(request, rows);
    requireColumns(table, columns);
    return insertSql(table, request, rows, columns, params);
  }
  if (request.method === 'PATCH') {
    if (!isPlainObject(body)) throw invalidBody('Empty or invalid json');
    const columns = Object.keys(body);
    requireColumns(table, columns);
    if (columns.length === 0) return null;
    const target = tableSql(table);
    const sets = columns.map((column) => `${ident(column)} = "_src".${ident(column)}`).join(', ');
    const where = rootConditions(cache, request, table, params);
    return `update ${target} as "t" set ${sets} from json_populate_record(null::${target}, ${params.add(JSON.stringify(body))}::json) as "_src"${where}`;
  }
  // DELETE
  return `delete from ${tableSql(table)} as "t"${rootConditions(cache, request, table, params)}`;
}

function returningAlias(method: string): string {
  return method === 'POST' ? '"_t"' : '"t"';
}

/** A write's answer reads the touched rows as they are now, not through the request's filters. */
function representationLevels(levels: Map<string, LevelParams>): Map<string, LevelParams> {
  const copy = new Map(levels);
  copy.set('', { conditions: [], order: [], limit: null, offset: null });
  return copy;
}

function locationHeader(table: Table, body: string): string | null {
  const first = (JSON.parse(body) as JsonObject[])[0];
  if (!first || table.primaryKey.length === 0) return null;
  const query = table.primaryKey
    .map((key) => `${key}=eq.${encodeURIComponent(String(first[key]))}`)
    .join('&');
  return `/${table.name}?${query}`;
}

/** POST (insert / upsert), PATCH and DELETE on a table. */
export async function writeTable(
  client: pg.PoolClient,
  cache: SchemaCache,
  table: Table,
  request: RestRequest,
  body: unknown,
): Promise<Reply> {
  const params = new Params();
  const statement = writeStatement(cache, table, request, body, params);
  const wantsRows = request.prefs.return === 'representation' || request.prefs.return === 'headers-only';
  const successStatus = request.method === 'POST' ? 201 : wantsRows ? 200 : 204;
  const headers: Record<string, string> = {};
  if (request.prefs.applied.length > 0) headers['Preference-Applied'] = request.prefs.applied.join(', ');

  if (statement === null) {
    if (request.single) throw notSingular(0);
    const emptyBody = request.prefs.return === 'representation' ? '[]' : null;
    if (emptyBody) headers['Content-Type'] = JSON_TYPE;
    return { status: successStatus, body: emptyBody, headers: { ...headers, 'Content-Range': '*/*' } };
  }

  // A merging upsert answers 200 when it inserted nothing (PostgREST's isInsertIfGTZero).
  const merging = request.method === 'POST' && request.prefs.resolution === 'merge-duplicates';
  const statusFor = (inserted: number) => (merging && inserted === 0 ? 200 : successStatus);
  // PostgREST 12.2 applies max-affected (under handling=strict) to updates and deletes.
  const limitAffected = (affected: number) => {
    if (request.method !== 'POST') checkMaxAffected(request.prefs, affected);
  };

  if (!wantsRows) {
    // No RETURNING: an insert allowed by RLS but not readable by the caller still succeeds, as on Supabase.
    // A merging upsert needs SELECT rights anyway (ON CONFLICT DO UPDATE), so it may return xmax.
    const result = await client.query<{ inserted: boolean }>(
      merging ? `${statement} returning ("_t".xmax = 0) as inserted` : statement,
      params.values,
    );
    const affected = result.rowCount ?? 0;
    limitAffected(affected);
    if (request.single && affected !== 1) throw notSingular(affected);
    const total = request.prefs.count ? String(affected) : '*';
    const range = request.method === 'PATCH' && affected > 0 ? `0-${affected - 1}/${total}` : `*/${total}`;
    const inserted = merging ? result.rows.filter((row) => row.inserted).length : affected;
    return { status: statusFor(inserted), body: null, headers: { ...headers, 'Content-Range': range } };
  }

  const columns = table.columns.map((column) => ident(column.name)).join(', ');
  const cte = merging
    ? `with "pgrst_write" as (${statement} returning "_t".*, ("_t".xmax = 0) as "pgrst_inserted"), "pgrst_source" as (select ${columns} from "pgrst_write")`
    : `with "pgrst_source" as (${statement} returning ${returningAlias(request.method)}.*)`;
  const readRequest: RestRequest = { ...request, levels: representationLevels(request.levels) };
  const result = await runSelect(
    client,
    cache,
    readRequest,
    { from: () => '"pgrst_source"', table },
    {
      paging: false,
      cte,
      params,
      insertedSql: merging ? `(select count(*)::int from "pgrst_write" where "pgrst_inserted")` : undefined,
    },
  );
  limitAffected(result.total ?? 0);
  if (request.single && result.total !== 1) throw notSingular(result.total ?? 0);
  const status = statusFor(result.inserted ?? result.total ?? 0);
  const total = request.prefs.count ? String(result.total) : '*';
  const range =
    request.method === 'PATCH' && result.rows > 0 ? `0-${result.rows - 1}/${total}` : `*/${total}`;
  headers['Content-Range'] = range;
  if (request.prefs.return === 'headers-only') {
    const location = locationHeader(table, result.body);
    if (location) headers.Location = location;
    return { status, body: null, headers };
  }
  headers['Content-Type'] = JSON_TYPE;
  return { status, body: shapeBody(result.body, result.rows, request.single), headers };
}
