import type pg from 'pg';
import { PROJECT_SCHEMAS } from './domains';

// Reads what the generator writes from the catalog of a migrated database. Every definition
// comes from Postgres itself (pg_get_functiondef, pg_get_constraintdef, pg_get_indexdef,
// pg_get_triggerdef, pg_get_expr, format_type), so nothing is retyped.

export interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  /** Project functions the default calls (it is then set after the functions). */
  defaultCalls: string[];
  identity: '' | 'a' | 'd';
  generated: string | null;
  collation: string | null;
}

export interface Relation {
  /** schema.name */
  name: string;
  kind: 'table' | 'type' | 'sequence' | 'view';
  columns: Column[];
  rowSecurity: boolean;
  forceRowSecurity: boolean;
  /** For standalone sequences: `create sequence` text. */
  sequenceDef?: string;
  /** For views: `create view` text. */
  viewDef?: string;
}

/** A constraint, index, trigger or policy: one statement that belongs to a table. */
export interface Dependent {
  table: string;
  name: string;
  sql: string;
  /** Project functions (schema.name) it calls; it must come after them. */
  calls: string[];
  /** For foreign keys: the referenced table. */
  references?: string;
}

export interface FunctionDef {
  name: string;
  identity: string;
  definition: string;
  /** Tables or types (schema.name) of the project its signature uses. */
  signatureUses: string[];
}

export interface Grant {
  /** The keyword of GRANT ... ON <kind> (table, sequence, function, type, schema). */
  kind: string;
  object: string;
  /** Table or function the grant follows (schema.name), or the schema name. */
  owner: string;
  statements: string[];
}

export interface Catalog {
  relations: Map<string, Relation>;
  inlineConstraints: Dependent[];
  foreignKeys: Dependent[];
  lateConstraints: Dependent[];
  indexes: Dependent[];
  triggers: Dependent[];
  policies: Dependent[];
  functions: Map<string, FunctionDef[]>;
  grants: Grant[];
  comments: { owner: string; sql: string }[];
  rows: Map<string, Record<string, unknown>[]>;
  buckets: Map<string, Record<string, unknown>>;
  cronJobs: Map<string, { schedule: string; command: string; active: boolean }>;
  /** Objects in project schemas of a kind the generator does not write (views, enums, ...). */
  unsupported: string[];
}

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

async function rows<T extends pg.QueryResultRow>(client: pg.Client, text: string, params: unknown[] = []) {
  return (await client.query<T>(text, params)).rows;
}

/** The project functions an object (by pg_depend classid/objid) calls. */
const CALLS = `
  coalesce((select array_agg(distinct pn.nspname || '.' || pp.proname order by pn.nspname || '.' || pp.proname)
     from pg_depend d join pg_proc pp on pp.oid = d.refobjid join pg_namespace pn on pn.oid = pp.pronamespace
     where d.classid = $CLASS::regclass and d.objid = $OBJ and d.refclassid = 'pg_proc'::regclass
       and pn.nspname = any($1)), '{}')`;
const calls = (classId: string, objId: string) =>
  CALLS.replace('$CLASS', `'${classId}'`).replace('$OBJ', objId);

export async function readCatalog(client: pg.Client): Promise<Catalog> {
  const schemas = PROJECT_SCHEMAS;
  // With an empty search_path every pg_get_*def and format_type names the schema of what it
  // refers to, so the files apply whatever search_path the session has (as pg_dump does).
  await client.query("set search_path = ''");
  const relations = new Map<string, Relation>();
  const unsupported = (
    await rows<{ name: string }>(
      client,
      `select format('%s (relkind %s)', c.oid::regclass, c.relkind) as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1) and c.relkind not in ('r', 'i', 'S', 'c', 'v')
       union all
       select format('type %s (typtype %s)', t.oid::regtype, t.typtype) from pg_type t
       join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = any($1) and t.typtype not in ('b', 'c')
       union all
       select format('%s (prokind %s)', p.oid::regprocedure, p.prokind) from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any($1) and (p.prokind <> 'f' or p.prosqlbody is not null)`,
      [schemas],
    )
  ).map((row) => row.name);

  const rels = await rows<{
    name: string;
    relkind: string;
    rls: boolean;
    force: boolean;
    seqdef: string | null;
  }>(
    client,
    `select n.nspname || '.' || c.relname as name, c.relkind, c.relrowsecurity as rls,
       c.relforcerowsecurity as force,
       case when c.relkind = 'S' then format('create sequence %s as %s increment by %s minvalue %s maxvalue %s start with %s cache %s%s;',
         c.oid::regclass, format_type(s.seqtypid, null), s.seqincrement, s.seqmin, s.seqmax, s.seqstart, s.seqcache,
         case when s.seqcycle then ' cycle' else '' end) end as seqdef
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     left join pg_sequence s on s.seqrelid = c.oid
     where n.nspname = any($1) and c.relkind in ('r', 'c', 'S')
       -- sequences of identity columns are part of their column
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.classid = 'pg_class'::regclass
                       and d.refclassid = 'pg_class'::regclass and d.deptype in ('i', 'a'))
     order by 1`,
    [schemas],
  );
  const columns = await rows<{
    rel: string;
    name: string;
    type: string;
    notnull: boolean;
    def: string | null;
    calls: string[];
    identity: '' | 'a' | 'd';
    generated: string;
    collation: string | null;
  }>(
    client,
    `select n.nspname || '.' || c.relname as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
       a.attnotnull as notnull, pg_get_expr(ad.adbin, ad.adrelid) as def,
       ${calls('pg_attrdef', 'ad.oid')} as calls,
       a.attidentity as identity, a.attgenerated as generated,
       case when a.attcollation <> 0 and a.attcollation <> t.typcollation then co.collname end as collation
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_type t on t.oid = a.atttypid
     left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
     left join pg_collation co on co.oid = a.attcollation
     where n.nspname = any($1) and c.relkind in ('r', 'c') and a.attnum > 0 and not a.attisdropped
     order by 1, a.attnum`,
    [schemas],
  );
  for (const rel of rels) {
    relations.set(rel.name, {
      name: rel.name,
      kind: rel.relkind === 'r' ? 'table' : rel.relkind === 'c' ? 'type' : 'sequence',
      columns: [],
      rowSecurity: rel.rls,
      forceRowSecurity: rel.force,
      sequenceDef: rel.seqdef ?? undefined,
    });
  }
  for (const column of columns) {
    relations.get(column.rel)?.columns.push({
      name: column.name,
      type: column.type,
      notNull: column.notnull,
      default: column.generated ? null : column.def,
      defaultCalls: column.calls,
      identity: column.identity,
      generated: column.generated ? column.def : null,
      collation: column.collation,
    });
  }

  // Views: written after the functions of their file (a view may call them).
  for (const view of await rows<{ name: string; options: string[] | null; def: string }>(
    client,
    `select n.nspname || '.' || c.relname as name, c.reloptions as options, pg_get_viewdef(c.oid) as def
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind = 'v'
     order by 1`,
    [schemas],
  )) {
    const options = view.options?.length ? ` with (${view.options.join(', ')})` : '';
    relations.set(view.name, {
      name: view.name,
      kind: 'view',
      columns: [],
      rowSecurity: false,
      forceRowSecurity: false,
      viewDef: `create view ${view.name}${options} as\n${view.def.replace(/;\s*$/, '')};`,
    });
  }

  const constraints = await rows<{
    table: string;
    name: string;
    type: string;
    def: string;
    calls: string[];
    ref: string | null;
  }>(
    client,
    `select n.nspname || '.' || c.relname as table, k.conname as name, k.contype as type,
       pg_get_constraintdef(k.oid) as def, ${calls('pg_constraint', 'k.oid')} as calls,
       case when k.confrelid <> 0 then (select rn.nspname || '.' || r.relname from pg_class r
         join pg_namespace rn on rn.oid = r.relnamespace where r.oid = k.confrelid) end as ref
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind = 'r' and k.contype in ('p', 'u', 'c', 'f', 'x')
     order by 1, case k.contype when 'p' then 0 when 'u' then 1 when 'x' then 2 when 'c' then 3 else 4 end, 2`,
    [schemas],
  );
  const inlineConstraints: Dependent[] = [];
  const foreignKeys: Dependent[] = [];
  const lateConstraints: Dependent[] = [];
  for (const k of constraints) {
    const name = quoteIdent(k.name);
    if (k.type === 'f') {
      foreignKeys.push({
        table: k.table,
        name: k.name,
        calls: k.calls,
        references: k.ref ?? undefined,
        sql: `alter table ${k.table} add constraint ${name} ${k.def};`,
      });
    } else if (k.calls.length > 0) {
      lateConstraints.push({
        table: k.table,
        name: k.name,
        calls: k.calls,
        sql: `alter table ${k.table} add constraint ${name} ${k.def};`,
      });
    } else {
      inlineConstraints.push({ table: k.table, name: k.name, calls: [], sql: `constraint ${name} ${k.def}` });
    }
  }

  const indexes = (
    await rows<{ table: string; name: string; def: string; calls: string[] }>(
      client,
      `select n.nspname || '.' || t.relname as table, i.relname as name, pg_get_indexdef(i.oid) || ';' as def,
         ${calls('pg_class', 'i.oid')} as calls
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = any($1)
         and not exists (select 1 from pg_constraint k where k.conindid = i.oid and k.contype in ('p', 'u', 'x'))
       order by 1, 2`,
      [schemas],
    )
  ).map((row) => ({ table: row.table, name: row.name, calls: row.calls, sql: row.def }));

  // Triggers and policies of project tables and those the project adds to platform tables
  // (auth.users, storage.objects); the caller tells the two apart.
  const triggers = (
    await rows<{ table: string; name: string; def: string; enabled: string; calls: string[] }>(
      client,
      `select n.nspname || '.' || c.relname as table, g.tgname as name, pg_get_triggerdef(g.oid, true) as def,
         g.tgenabled as enabled, ${calls('pg_trigger', 'g.oid')} as calls
       from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where not g.tgisinternal and n.nspname not in ('pg_catalog', 'information_schema')
         and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
       order by 1, 2`,
      [schemas],
    )
  ).map((row) => ({
    table: row.table,
    name: row.name,
    calls: row.calls,
    sql:
      `${row.def};` +
      (row.enabled === 'D' ? `\nalter table ${row.table} disable trigger "${row.name}";` : '') +
      (row.enabled === 'A' ? `\nalter table ${row.table} enable always trigger "${row.name}";` : '') +
      (row.enabled === 'R' ? `\nalter table ${row.table} enable replica trigger "${row.name}";` : ''),
  }));

  const policies = (
    await rows<{ table: string; name: string; def: string; calls: string[] }>(
      client,
      `select n.nspname || '.' || c.relname as table, p.polname as name,
         format('create policy %I on %s as %s for %s to %s', p.polname, c.oid::regclass,
           case when p.polpermissive then 'permissive' else 'restrictive' end,
           case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
           (select string_agg(case when r = 0 then 'public' else quote_ident(r::regrole::text) end, ', ' order by r::regrole::text)
              from unnest(p.polroles) r))
         || coalesce(E'\n  using (' || pg_get_expr(p.polqual, p.polrelid) || ')', '')
         || coalesce(E'\n  with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')', '') || ';' as def,
         ${calls('pg_policy', 'p.oid')} as calls
       from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
       where not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
       order by 1, 2`,
      [schemas],
    )
  ).map((row) => ({ table: row.table, name: row.name, calls: row.calls, sql: row.def }));

  const functions = new Map<string, FunctionDef[]>();
  for (const fn of await rows<{ name: string; identity: string; def: string; uses: string[] }>(
    client,
    `select n.nspname || '.' || p.proname as name, p.oid::regprocedure::text as identity,
       pg_get_functiondef(p.oid) as def,
       coalesce((select array_agg(distinct tn.nspname || '.' || t.typname) from pg_type t
         join pg_namespace tn on tn.oid = t.typnamespace
         where tn.nspname = any($1)
           and t.oid in (select unnest(p.proargtypes::oid[]) union select p.prorettype
                         union select unnest(coalesce(p.proallargtypes, '{}')))
       ), '{}') as uses
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any($1) and p.prokind = 'f'
     order by 1, 2`,
    [schemas],
  )) {
    const list = functions.get(fn.name) ?? [];
    list.push({
      name: fn.name,
      identity: fn.identity,
      definition: `${fn.def.trimEnd()};`,
      signatureUses: fn.uses,
    });
    functions.set(fn.name, list);
  }

  return {
    relations,
    inlineConstraints,
    foreignKeys,
    lateConstraints,
    indexes,
    triggers,
    policies,
    functions,
    grants: await readGrants(client, schemas),
    comments: await readComments(client, schemas),
    rows: new Map(),
    buckets: await readBuckets(client),
    cronJobs: await readCronJobs(client),
    unsupported,
  };
}

/**
 * GRANT/REVOKE statements for every object whose privileges differ from what creating it in its
 * schema gives (Postgres' defaults plus the schema's default privileges, found by creating probe
 * objects in a rolled-back transaction). Only the deviations are written.
 */
async function readGrants(client: pg.Client, schemas: string[]): Promise<Grant[]> {
  await client.query('begin');
  try {
    const present = await rows<{ nspname: string }>(
      client,
      'select nspname from pg_namespace where nspname = any($1)',
      [schemas],
    );
    for (const { nspname: schema } of present) {
      await client.query(`create table ${schema}.schema_probe_table ()`);
      await client.query(`create sequence ${schema}.schema_probe_sequence`);
      await client.query(`create function ${schema}.schema_probe_function() returns void language sql as ''`);
      await client.query(`create type ${schema}.schema_probe_type as (x int)`);
    }
    const found = await rows<{
      kind: string;
      object: string;
      owner: string;
      side: 'now' | 'creation';
      grantee: string;
      privileges: string[];
      grantable: boolean;
      column: string | null;
    }>(
      client,
      `with objects as (
         select case c.relkind when 'S' then 'sequence' else 'table' end as kind, c.oid::regclass::text as object,
           n.nspname || '.' || c.relname as owner, n.nspname as schema, c.relowner as ownerrole,
           coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", c.relowner)) as acl,
           (select coalesce(pc.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", pc.relowner)) from pg_class pc
             where pc.relnamespace = c.relnamespace
               and pc.relname = case c.relkind when 'S' then 'schema_probe_sequence' else 'schema_probe_table' end) as creation,
           null::text as column
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1) and c.relkind in ('r', 'S', 'v') and c.relname not like 'schema_probe_%'
         union all
         select 'function', p.oid::regprocedure::text, n.nspname || '.' || p.proname, n.nspname, p.proowner,
           coalesce(p.proacl, acldefault('f', p.proowner)),
           (select coalesce(pp.proacl, acldefault('f', pp.proowner)) from pg_proc pp
             where pp.pronamespace = p.pronamespace and pp.proname = 'schema_probe_function'),
           null
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = any($1) and p.proname <> 'schema_probe_function'
         union all
         select 'type', t.oid::regtype::text, n.nspname || '.' || t.typname, n.nspname, t.typowner,
           coalesce(t.typacl, acldefault('T', t.typowner)),
           (select coalesce(pt.typacl, acldefault('T', pt.typowner)) from pg_type pt
             where pt.typnamespace = t.typnamespace and pt.typname = 'schema_probe_type'),
           null
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where n.nspname = any($1) and t.typtype = 'c' and t.typname <> 'schema_probe_type'
           and exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c')
         union all
         select 'schema', quote_ident(n.nspname), n.nspname, n.nspname, n.nspowner,
           coalesce(n.nspacl, acldefault('n', n.nspowner)), acldefault('n', n.nspowner), null
         from pg_namespace n where n.nspname = any($1) and n.nspname <> 'public'
         union all
         select 'column', c.oid::regclass::text, n.nspname || '.' || c.relname, n.nspname, c.relowner,
           a.attacl, null, a.attname
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = any($1) and a.attacl is not null and a.attnum > 0 and not a.attisdropped
       ),
       differing as (
         select * from objects o
         where o.column is not null
            or (select array_agg(x::text order by x::text) from unnest(o.acl) x)
               is distinct from (select array_agg(x::text order by x::text) from unnest(o.creation) x)
       )
       -- Each grantee's privileges now ('now') and as creating the object gives them ('creation').
       select d.kind, d.object, d.owner, d.column, side.name as side,
         case when e.grantee = 0 then 'public' else quote_ident(e.grantee::regrole::text) end as grantee,
         array_agg(lower(e.privilege_type) order by e.privilege_type) as privileges, e.is_grantable as grantable
       from differing d
       cross join lateral (values ('now', d.acl), ('creation', d.creation)) as side(name, acl)
       cross join lateral aclexplode(side.acl) e
       where e.grantee <> d.ownerrole
       group by d.kind, d.object, d.owner, d.column, side.name, e.grantee, e.is_grantable
       order by 1, 2, 4, 5`,
      [schemas],
    );
    const byObject = new Map<
      string,
      { grant: Grant; now: Map<string, string>; creation: Map<string, string> }
    >();
    for (const row of found) {
      const kind = row.kind === 'column' ? 'table' : row.kind;
      const key = `${row.kind}:${row.object}:${row.column ?? ''}`;
      let entry = byObject.get(key);
      if (!entry) {
        entry = {
          grant: { kind, object: row.object, owner: row.owner, statements: [] },
          now: new Map(),
          creation: new Map(),
        };
        byObject.set(key, entry);
      }
      const all = row.kind !== 'column' && row.privileges.length === ALL_PRIVILEGES[kind];
      const list = row.column
        ? row.privileges.map((p) => `${p} (${quoteIdent(row.column!)})`).join(', ')
        : all
          ? 'all'
          : row.privileges.join(', ');
      entry[row.side].set(row.grantee, `${list}${row.grantable ? ' with grant option' : ''}`);
    }
    // Only what differs from creation: revoke from the grantees whose privileges changed, then
    // grant what they (and new grantees) have now; equal grants share a line.
    for (const { grant, now, creation } of byObject.values()) {
      const grantees = [...new Set([...now.keys(), ...creation.keys()])].sort();
      const revoked = grantees.filter((g) => creation.has(g) && creation.get(g) !== now.get(g));
      if (revoked.length > 0)
        grant.statements.push(`revoke all on ${grant.kind} ${grant.object} from ${revoked.join(', ')};`);
      const granted = new Map<string, string[]>();
      for (const g of grantees) {
        const privileges = now.get(g);
        if (privileges === undefined || privileges === creation.get(g)) continue;
        granted.set(privileges, [...(granted.get(privileges) ?? []), g]);
      }
      for (const [privileges, to] of granted) {
        const [list, option] = privileges.split(' with grant option');
        grant.statements.push(
          `grant ${list} on ${grant.kind} ${grant.object} to ${to.join(', ')}${option === undefined ? '' : ' with grant option'};`,
        );
      }
    }
    const grants = [...byObject.entries()]
      .filter(([, entry]) => entry.grant.statements.length > 0)
      .map(([key, entry]) => [key, entry.grant] as const);
    // A table's `revoke all` also takes its column privileges, so column grants come last.
    return [
      ...grants.filter(([key]) => !key.startsWith('column:')),
      ...grants.filter(([key]) => key.startsWith('column:')),
    ].map(([, grant]) => grant);
  } finally {
    await client.query('rollback');
  }
}

/** How many privileges `all` stands for, per object kind (Postgres 17). */
const ALL_PRIVILEGES: Record<string, number> = { table: 8, sequence: 3 };

function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** COMMENT statements of project objects; `owner` is the table, type or function they follow. */
async function readComments(client: pg.Client, schemas: string[]): Promise<{ owner: string; sql: string }[]> {
  const found = await rows<{
    type: string;
    identity: string;
    schema: string | null;
    owner: string;
    text: string;
  }>(
    client,
    `select o.type, o.identity, o.schema,
       coalesce(
         (select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where d.classoid = 'pg_class'::regclass and c.oid = d.objoid),
         (select n.nspname || '.' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where d.classoid = 'pg_proc'::regclass and p.oid = d.objoid),
         (select n.nspname || '.' || c.relname from pg_constraint k join pg_class c on c.oid = k.conrelid
           join pg_namespace n on n.oid = c.relnamespace where d.classoid = 'pg_constraint'::regclass and k.oid = d.objoid),
         (select n.nspname || '.' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where d.classoid = 'pg_type'::regclass and t.oid = d.objoid),
         (select n.nspname || '.' || c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid
           join pg_namespace n on n.oid = c.relnamespace where d.classoid = 'pg_trigger'::regclass and g.oid = d.objoid),
         (select n.nspname || '.' || c.relname from pg_policy p join pg_class c on c.oid = p.polrelid
           join pg_namespace n on n.oid = c.relnamespace where d.classoid = 'pg_policy'::regclass and p.oid = d.objoid),
         (select n.nspname from pg_namespace n where d.classoid = 'pg_namespace'::regclass and n.oid = d.objoid)
       ) as owner,
       d.description as text
     from pg_description d cross join lateral pg_identify_object(d.classoid, d.objoid, d.objsubid) o
     where d.classoid <> 'pg_class'::regclass or d.objsubid >= 0
     order by 1, 2`,
  );
  void schemas;
  const keyword: Record<string, string> = {
    'table column': 'column',
    'table constraint': 'constraint',
    'composite type': 'type',
  };
  return found
    .filter((row) => {
      const schema = row.type === 'schema' ? row.identity : (row.owner?.split('.')[0] ?? row.schema);
      return schema !== null && schemas.includes(schema) && row.owner;
    })
    .map((row) => ({
      owner: row.owner,
      sql: `comment on ${keyword[row.type] ?? row.type} ${row.identity} is ${sqlString(row.text)};`,
    }));
}

async function readBuckets(client: pg.Client): Promise<Map<string, Record<string, unknown>>> {
  const result = new Map<string, Record<string, unknown>>();
  if (!(await exists(client, 'storage.buckets'))) return result;
  for (const row of await rows<Record<string, unknown>>(
    client,
    'select id, name, public, file_size_limit, allowed_mime_types from storage.buckets order by id',
  )) {
    result.set(String(row.id), row);
  }
  return result;
}

async function readCronJobs(client: pg.Client) {
  const result = new Map<string, { schedule: string; command: string; active: boolean }>();
  if (!(await exists(client, 'cron.job'))) return result;
  for (const row of await rows<{ jobname: string; schedule: string; command: string; active: boolean }>(
    client,
    'select jobname, schedule, command, active from cron.job where database = current_database() order by jobid',
  )) {
    result.set(row.jobname, row);
  }
  return result;
}

async function exists(client: pg.Client, relation: string): Promise<boolean> {
  const { rows: found } = await client.query('select to_regclass($1) is not null as present', [relation]);
  return found[0].present === true;
}

/** The rows of a table as INSERT values, leaving out columns filled by a volatile default. */
export async function readDataRows(
  client: pg.Client,
  table: string,
): Promise<{ columns: string[]; values: string[][] }> {
  const columns = (
    await rows<{ name: string }>(
      client,
      `select a.attname as name from pg_attribute a
       left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attidentity = ''
         and a.attgenerated = ''
         and (ad.adbin is null or pg_get_expr(ad.adbin, ad.adrelid) !~* '(now|gen_random_uuid|nextval|clock_timestamp|random)\\(')
       order by a.attnum`,
      [table],
    )
  ).map((row) => row.name);
  const list = columns.map(quoteIdent).join(', ');
  const values = (
    await rows<{ values: string[] }>(
      client,
      `select array[${columns.map((c) => `quote_nullable(${quoteIdent(c)})`).join(', ')}] as values
       from ${table} order by ${list}`,
    )
  ).map((row) => row.values);
  return { columns: columns.map(quoteIdent), values };
}
