import type pg from 'pg';

/** The exposed schema, as `supabase start` configures PostgREST (`public` only for the app). */
export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  /** `format_type` spelling, safe to splice into SQL because it comes from the catalog. */
  type: string;
  /** A composite type: json arrows on it go through to_jsonb. */
  composite: boolean;
}

export interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /** Column sets of the primary key and every unique index (a foreign key on one is one-to-one). */
  uniqueKeys: string[][];
  isView: boolean;
}

/** A function `fn(table)` of one argument, the table's row type, selected like a column. */
export interface ComputedField {
  name: string;
  type: string;
  composite: boolean;
}

export interface ForeignKey {
  constraint: string;
  /** The referencing table and its columns. */
  table: string;
  columns: string[];
  /** The referenced table and its columns. */
  refTable: string;
  refColumns: string[];
}

export interface FunctionParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  params: FunctionParam[];
  /** Only unnamed parameter of type json/jsonb: the whole body is passed to it. */
  singleJsonParam: boolean;
  returnsSet: boolean;
  /** `void`, a scalar, or a composite (then `returnTable` names its table if it is one). */
  returnKind: 'void' | 'scalar' | 'composite';
  returnTable: string | null;
  volatile: boolean;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
  /** By table name, then field name. */
  computedFields: Map<string, Map<string, ComputedField>>;
}

const caches = new WeakMap<pg.Pool, Promise<SchemaCache>>();

const TABLES_SQL = `
  select c.relname as name, c.relkind in ('v', 'm') as is_view,
    coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
        'composite', (select t.typtype = 'c' from pg_type t where t.oid = a.atttypid))
      order by a.attnum) filter (where a.attnum is not null), '[]') as columns,
    coalesce((select json_agg((select json_agg(ua.attname) from pg_attribute ua
        where ua.attrelid = ui.indrelid and ua.attnum = any(ui.indkey)))
      from pg_index ui where ui.indrelid = c.oid and ui.indisunique and ui.indpred is null
        and 0 <> all(ui.indkey::int2[])), '[]') as unique_keys,
    coalesce((select json_agg(pa.attname order by array_position(i.indkey::int2[], pa.attnum))
      from pg_index i join pg_attribute pa on pa.attrelid = i.indrelid and pa.attnum = any(i.indkey)
      where i.indrelid = c.oid and i.indisprimary), '[]') as primary_key
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
  group by c.oid, c.relname, c.relkind`;

const FOREIGN_KEYS_SQL = `
  select con.conname as constraint, cl.relname as table, fcl.relname as ref_table,
    (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as columns,
    (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(num, ord)
      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as ref_columns
  from pg_constraint con
  join pg_class cl on cl.oid = con.conrelid join pg_namespace n on n.oid = cl.relnamespace
  join pg_class fcl on fcl.oid = con.confrelid join pg_namespace fn on fn.oid = fcl.relnamespace
  where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1`;

const FUNCTIONS_SQL = `
  select p.proname as name, p.proretset as returns_set, p.provolatile = 'v' as volatile,
    p.pronargdefaults as n_defaults, t.typtype as ret_typtype, t.typname as ret_typname,
    rc.relname as ret_table, rn.nspname as ret_table_schema,
    coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[k.ord], ''),
        'type', format_type(k.typ, null), 'mode', coalesce(p.proargmodes[k.ord], 'i')) order by k.ord)
      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(typ, ord)), '[]') as args
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  left join pg_class rc on rc.oid = t.typrelid
  left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = $1 and p.prokind in ('f', 'p')`;

/** PostgreSQL's attribute notation: `row.fn` calls `fn(row)` when fn takes exactly that row type. */
const COMPUTED_FIELDS_SQL = `
  select p.proname as name, c.relname as table, format_type(p.prorettype, null) as type,
    rt.typtype = 'c' as composite
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type at on at.oid = p.proargtypes[0]
  join pg_class c on c.oid = at.typrelid join pg_namespace cn on cn.oid = c.relnamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname = $1 and cn.nspname = $1 and p.prokind = 'f' and p.pronargs = 1 and not p.proretset`;

interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatile: boolean;
  n_defaults: number;
  ret_typtype: string;
  ret_typname: string;
  ret_table: string | null;
  ret_table_schema: string | null;
  args: { name: string; type: string; mode: string }[];
}

function toDbFunction(row: FunctionRow): DbFunction {
  const inputs = row.args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const params = inputs.map((arg, index) => ({
    name: arg.name,
    type: arg.type,
    hasDefault: index >= inputs.length - row.n_defaults,
  }));
  const outArgs = row.args.filter((arg) => arg.mode === 'o' || arg.mode === 't' || arg.mode === 'b');
  let returnKind: DbFunction['returnKind'] = 'scalar';
  if (row.ret_typname === 'void') returnKind = 'void';
  else if (row.ret_typtype === 'c' || (row.ret_typname === 'record' && outArgs.length > 1))
    returnKind = 'composite';
  const firstParam = params[0];
  return {
    name: row.name,
    params,
    singleJsonParam:
      params.length === 1 &&
      firstParam !== undefined &&
      firstParam.name === '' &&
      /^jsonb?$/.test(firstParam.type),
    returnsSet: row.returns_set,
    returnKind,
    returnTable: row.ret_table_schema === EXPOSED_SCHEMA ? row.ret_table : null,
    volatile: row.volatile,
  };
}

async function load(pool: pg.Pool): Promise<SchemaCache> {
  const [tables, foreignKeys, functions, computed] = await Promise.all([
    pool.query<{
      name: string;
      is_view: boolean;
      columns: Column[];
      primary_key: string[];
      unique_keys: string[][];
    }>(TABLES_SQL, [EXPOSED_SCHEMA]),
    pool.query<{
      constraint: string;
      table: string;
      ref_table: string;
      columns: string[];
      ref_columns: string[];
    }>(FOREIGN_KEYS_SQL, [EXPOSED_SCHEMA]),
    pool.query<FunctionRow>(FUNCTIONS_SQL, [EXPOSED_SCHEMA]),
    pool.query<ComputedField & { table: string }>(COMPUTED_FIELDS_SQL, [EXPOSED_SCHEMA]),
  ]);
  const cache: SchemaCache = {
    tables: new Map(),
    foreignKeys: [],
    functions: new Map(),
    computedFields: new Map(),
  };
  for (const row of tables.rows) {
    cache.tables.set(row.name, {
      name: row.name,
      columns: row.columns,
      primaryKey: row.primary_key,
      uniqueKeys: row.unique_keys,
      isView: row.is_view,
    });
  }
  cache.foreignKeys = foreignKeys.rows.map((row) => ({
    constraint: row.constraint,
    table: row.table,
    columns: row.columns,
    refTable: row.ref_table,
    refColumns: row.ref_columns,
  }));
  for (const row of functions.rows) {
    const overloads = cache.functions.get(row.name) ?? [];
    overloads.push(toDbFunction(row));
    cache.functions.set(row.name, overloads);
  }
  for (const { table, ...field } of computed.rows) {
    const fields = cache.computedFields.get(table) ?? new Map<string, ComputedField>();
    fields.set(field.name, field);
    cache.computedFields.set(table, fields);
  }
  return cache;
}

export function getSchemaCache(pool: pg.Pool): Promise<SchemaCache> {
  let cache = caches.get(pool);
  if (!cache) {
    cache = load(pool);
    caches.set(pool, cache);
    // A failed load must not stick: the next request tries again.
    cache.catch(() => caches.delete(pool));
  }
  return cache;
}

/** Drops the cached catalog, e.g. after migrations or a database reset (PostgREST's NOTIFY reload). */
export function invalidateSchemaCache(pool: pg.Pool): void {
  caches.delete(pool);
}

/**
 * Runs `fn` against the cached catalog; when it fails because a name is unknown (a table
 * created after the cache was read), reloads the catalog once and tries again.
 */
export async function withSchemaCache<T>(
  pool: pg.Pool,
  fn: (cache: SchemaCache) => Promise<T>,
  isStaleError: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await fn(await getSchemaCache(pool));
  } catch (error) {
    if (!isStaleError(error)) throw error;
    invalidateSchemaCache(pool);
    return fn(await getSchemaCache(pool));
  }
}
