import type pg from 'pg';
import { isPlainObject } from '../http';
import { PgrstError } from './errors';
import { checkMaxAffected } from './preferences';
import { contentRange, JSON_TYPE, runSelect, shapeBody, type Reply, type RestRequest } from './read';
import type { DbFunction, SchemaCache } from './schema-cache';
import { ident, notSingular, Params } from './sql';

export type RpcArgs =
  { kind: 'named'; values: Record<string, unknown> } | { kind: 'whole-body'; value: unknown };

function notFound(name: string, argNames: string[]): PgrstError {
  const list = [...argNames].sort().join(', ');
  return new PgrstError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${list ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function public.${name} with ${list ? `parameters ${list}` : 'no parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}

/**
 * Picks the overload PostgREST would call: every given name is a parameter and every
 * parameter without a default is given; otherwise a single unnamed json parameter takes the body.
 */
function pickFunction(
  cache: SchemaCache,
  name: string,
  argNames: string[],
  isPostBody: boolean,
): { fn: DbFunction; wholeBody: boolean } {
  const overloads = cache.functions.get(name) ?? [];
  const matches = overloads.filter(
    (fn) =>
      !fn.singleJsonParam &&
      argNames.every((arg) => fn.params.some((param) => param.name === arg)) &&
      fn.params.every((param) => param.hasDefault || argNames.includes(param.name)),
  );
  if (matches.length === 1) return { fn: matches[0] as DbFunction, wholeBody: false };
  if (matches.length > 1) {
    throw new PgrstError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((fn) => `public.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const jsonFn = overloads.find((fn) => fn.singleJsonParam);
  if (jsonFn && isPostBody) return { fn: jsonFn, wholeBody: true };
  throw notFound(name, argNames);
}

/**
 * Which function a request calls and with what: a POST body's keys or, on GET, the query
 * parameters named like a parameter of the function (the others are filters).
 */
export function resolveCall(
  cache: SchemaCache,
  name: string,
  isPost: boolean,
  body: unknown,
  query: URLSearchParams,
): { fn: DbFunction; args: RpcArgs; argNames: string[] } {
  let values: Record<string, unknown> = {};
  if (isPost) {
    if (isPlainObject(body)) values = body;
  } else {
    const paramNames = new Set(
      (cache.functions.get(name) ?? []).flatMap((fn) => fn.params.map((param) => param.name)),
    );
    for (const key of query.keys()) if (paramNames.has(key)) values[key] = query.get(key);
  }
  const argNames = Object.keys(values);
  const { fn, wholeBody } = pickFunction(cache, name, argNames, isPost);
  if (wholeBody) return { fn, args: { kind: 'whole-body', value: body ?? {} }, argNames: [] };
  if (isPost && body !== undefined && !isPlainObject(body))
    throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
  return { fn, args: { kind: 'named', values }, argNames: isPost ? [] : argNames };
}

/** `fn(a := _args.a, ...)` with the arguments read from one JSON parameter by json_to_record. */
function callSql(fn: DbFunction, args: RpcArgs, params: Params): { call: string; from: string } {
  const name = `${ident('public')}.${ident(fn.name)}`;
  if (args.kind === 'whole-body') {
    const type = fn.params[0]?.type ?? 'json';
    return { call: `${name}(${params.add(JSON.stringify(args.value))}::${type})`, from: '' };
  }
  const given = fn.params.filter((param) => Object.hasOwn(args.values, param.name));
  if (given.length === 0) return { call: `${name}()`, from: '' };
  // Types come from the catalog (format_type), names are quoted: nothing from the request is spliced.
  const definition = given.map((param) => `${ident(param.name)} ${param.type}`).join(', ');
  const call = `${name}(${given.map((param) => `${ident(param.name)} := "_args".${ident(param.name)}`).join(', ')})`;
  const from = ` from json_to_record(${params.add(JSON.stringify(args.values))}::json) as "_args"(${definition})`;
  return { call, from };
}

export async function callFunction(
  client: pg.PoolClient,
  cache: SchemaCache,
  fn: DbFunction,
  args: RpcArgs,
  request: RestRequest,
): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE };
  if (request.prefs.count) headers['Preference-Applied'] = `count=${request.prefs.count}`;
  // Like a read, the answer carries Content-Range, with the total when a count was asked for;
  // max-affected (handling=strict) counts the rows the function returned (PostgREST 12.2).
  const range = (rows: number, total: number | null, offset = 0) => {
    checkMaxAffected(request.prefs, rows);
    headers['Content-Range'] = contentRange({ rows, total: request.prefs.count ? total : null, offset });
  };
  if (fn.returnKind === 'void' || (fn.returnKind === 'scalar' && !fn.returnsSet)) {
    const params = new Params();
    const { call, from } = callSql(fn, args, params);
    const result = await client.query<{ body: string | null }>(
      `select to_json(${call})::text as body${from}`,
      params.values,
    );
    if (fn.returnKind === 'void') return { status: 204, body: null, headers: {} };
    range(1, 1);
    return { status: 200, body: result.rows[0]?.body ?? 'null', headers };
  }
  if (fn.returnKind === 'scalar') {
    // A set of scalars is capped by db-max-rows too.
    const cap = request.maxRows !== null ? ` limit ${request.maxRows}` : '';
    const params = new Params();
    const { call, from } = callSql(fn, args, params);
    const result = await client.query<{ body: string; rows: number }>(
      `select coalesce(json_agg("_v"."v"), '[]'::json)::text as body, count(*)::int as rows from (select ${call} as v${from}${cap}) as "_v"`,
      params.values,
    );
    const row = result.rows[0] ?? { body: '[]', rows: 0 };
    range(row.rows, row.rows);
    return { status: 200, body: shapeBody(row.body, row.rows, request.single), headers };
  }
  const table = fn.returnTable ? (cache.tables.get(fn.returnTable) ?? null) : null;
  const source = {
    from: (params: Params) => {
      const { call, from } = callSql(fn, args, params);
      return from
        ? `(select "_f".*${from}, lateral ${call} as "_f")`
        : `(select "_f".* from ${call} as "_f")`;
    },
    table,
  };
  const result = await runSelect(client, cache, request, source, { paging: true });
  if (!fn.returnsSet) {
    // One composite row is answered as an object, not an array.
    if (result.rows > 1) throw notSingular(result.rows);
    const first = (JSON.parse(result.body) as unknown[])[0];
    range(result.rows, result.rows);
    return { status: 200, body: JSON.stringify(first ?? null), headers };
  }
  range(result.rows, result.total, result.offset);
  const partial = result.total !== null && (result.offset > 0 || result.rows < result.total);
  return { status: partial ? 206 : 200, body: shapeBody(result.body, result.rows, request.single), headers };
}
