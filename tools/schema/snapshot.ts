import type pg from 'pg';

// A normalized picture of a database's catalog and platform data, one sorted list of lines per
// kind of object, to compare a database built from the migrations with one built from the
// schema files. Everything outside the system schemas is included (both databases start from
// the same platform baseline, so only the project's part can differ); objects of extensions
// are left out. OIDs, timestamps and generated ids never appear.

export type Snapshot = Record<string, string[]>;

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'`;
const NOT_EXTENSION = (classId: string, objId: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${classId}'::regclass and e.objid = ${objId} and e.deptype = 'e')`;
const ACL = (acl: string) => `(select string_agg(x::text, ' ' order by x::text) from unnest(${acl}) x)`;

const QUERIES: Record<string, string> = {
  schemas: `select format('%s owner=%s acl=%s', n.nspname, n.nspowner::regrole, ${ACL('n.nspacl')})
    from pg_namespace n where ${USER_SCHEMAS} and ${NOT_EXTENSION('pg_namespace', 'n.oid')}`,
  extensions: `select format('%s schema=%s', extname, extnamespace::regnamespace) from pg_extension`,
  relations: `select format('%s kind=%s owner=%s rls=%s force=%s persistence=%s replident=%s options=%s acl=%s',
      c.oid::regclass, c.relkind, c.relowner::regrole, c.relrowsecurity, c.relforcerowsecurity,
      c.relpersistence, c.relreplident, c.reloptions, ${ACL('c.relacl')})
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMAS} and c.relkind <> 'i' and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  columns: `select format('%s.%s #%s %s notnull=%s default=%s identity=%s generated=%s collation=%s acl=%s',
      c.oid::regclass, quote_ident(a.attname),
      row_number() over (partition by c.oid order by a.attnum), format_type(a.atttypid, a.atttypmod),
      a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated, a.attcollation::regcollation,
      ${ACL('a.attacl')})
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${USER_SCHEMAS} and c.relkind in ('r', 'v', 'm', 'c', 'p', 'f') and a.attnum > 0 and not a.attisdropped
      and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  constraints: `select format('%s %s: %s', k.conrelid::regclass, quote_ident(k.conname), pg_get_constraintdef(k.oid))
    from pg_constraint k join pg_namespace n on n.oid = k.connamespace
    where ${USER_SCHEMAS} and k.contype <> 'n'
      and (k.conrelid = 0 or ${NOT_EXTENSION('pg_class', 'k.conrelid')})`,
  indexes: `select pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS} and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  // Pretty-printed: a row comparison in a WHEN clause is stored as nested ORs, which print with
  // parentheses that parse back to one flat OR; pretty printing writes both the same way.
  triggers: `select format('%s enabled=%s', pg_get_triggerdef(t.oid, true), t.tgenabled) from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and ${USER_SCHEMAS} and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  policies: `select format('%s.%s %I %s %s roles=%s using=%s check=%s', schemaname, tablename, policyname,
      permissive, cmd, roles, qual, with_check) from pg_policies`,
  functions: `select format(E'%s owner=%s acl=%s\n%s', p.oid::regprocedure, p.proowner::regrole,
      coalesce(${ACL('p.proacl')}, 'default'), pg_get_functiondef(p.oid))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${USER_SCHEMAS} and ${NOT_EXTENSION('pg_proc', 'p.oid')} and p.prokind in ('f', 'p', 'w')`,
  views: `select format('%s: %s', c.oid::regclass, pg_get_viewdef(c.oid)) from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS} and c.relkind in ('v', 'm')
      and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  sequences: `select format('%s type=%s start=%s inc=%s min=%s max=%s cache=%s cycle=%s', s.seqrelid::regclass,
      format_type(s.seqtypid, null), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, s.seqcycle)
    from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMAS} and ${NOT_EXTENSION('pg_class', 'c.oid')}`,
  types: `select format('%s type=%s owner=%s acl=%s labels=%s', t.oid::regtype, t.typtype, t.typowner::regrole,
      ${ACL('t.typacl')}, (select string_agg(enumlabel::text, ',' order by enumsortorder) from pg_enum where enumtypid = t.oid))
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where ${USER_SCHEMAS} and t.typtype in ('c', 'e', 'd', 'r') and ${NOT_EXTENSION('pg_type', 't.oid')}
      and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')`,
  comments: `select format('%s %s: %s', o.type, o.identity, d.description)
    from pg_description d cross join lateral pg_identify_object(d.classoid, d.objoid, d.objsubid) o
    where o.schema is null or o.schema not in ('pg_catalog', 'information_schema')`,
  'default privileges': `select format('%s in %s on %s: %s', defaclrole::regrole, coalesce(defaclnamespace::regnamespace::text, '*'),
      defaclobjtype, ${ACL('defaclacl')}) from pg_default_acl`,
  'storage buckets': `select format('%s public=%s limit=%s types=%s', id, public, file_size_limit, allowed_mime_types)
    from storage.buckets`,
  'cron jobs': `select format('%s %s %s active=%s user=%s', jobname, schedule, command, active, username)
    from cron.job where database = current_database()`,
};

/** The rows of every table in public, without columns a volatile default fills. */
const DATA_TABLES = `select c.oid::regclass::text as name,
    coalesce((select array_agg(a.attname::text) from pg_attribute a
      join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and pg_get_expr(d.adbin, d.adrelid) ~* '(now|gen_random_uuid|nextval|clock_timestamp|random)\\('), '{}')
      || coalesce((select array_agg(a.attname::text) from pg_attribute a where a.attrelid = c.oid and a.attidentity <> ''), '{}')
      as volatile
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'`;

export async function snapshot(client: pg.Client): Promise<Snapshot> {
  await client.query("set search_path = ''");
  const result: Snapshot = {};
  for (const [kind, query] of Object.entries(QUERIES)) {
    const { rows } = await client.query<{ line: string }>(
      `select line from (${query}) as q(line) order by 1`,
    );
    result[kind] = rows.map((row) => row.line);
  }
  const lines: string[] = [];
  const { rows: tables } = await client.query<{ name: string; volatile: string[] }>(DATA_TABLES);
  for (const table of tables) {
    const { rows } = await client.query<{ line: string }>(
      `select $1 || ' ' || (to_jsonb(t) - $2::text[])::text as line from ${table.name} t order by 1`,
      [table.name, table.volatile],
    );
    lines.push(...rows.map((row) => row.line));
  }
  result['table rows'] = lines.sort();
  return result;
}

/** What differs, readable: per kind the lines only in `a` (-) and only in `b` (+); '' if equal. */
export function diffSnapshots(a: Snapshot, b: Snapshot, labels = ['a', 'b']): string {
  const out: string[] = [];
  const keyOf = (line: string) => line.slice(0, line.indexOf(' ') === -1 ? undefined : line.indexOf(' '));
  for (const kind of Object.keys({ ...a, ...b })) {
    const left = new Set(a[kind] ?? []);
    const right = new Set(b[kind] ?? []);
    const onlyLeft = [...left].filter((line) => !right.has(line));
    const onlyRight = [...right].filter((line) => !left.has(line));
    if (onlyLeft.length === 0 && onlyRight.length === 0) continue;
    out.push(`## ${kind}`);
    const rightByKey = new Map(onlyRight.map((line) => [keyOf(line), line]));
    for (const line of onlyLeft) {
      const twin = rightByKey.get(keyOf(line));
      if (twin !== undefined && line.includes('\n')) {
        // The same object (say a function) defined differently: only the lines that differ.
        rightByKey.delete(keyOf(line));
        out.push(`~ ${keyOf(line)}\n${changedLines(line, twin, labels)}`);
      } else out.push(`- [${labels[0]}] ${line.replaceAll('\n', '\n    ')}`);
    }
    for (const line of rightByKey.values()) out.push(`+ [${labels[1]}] ${line.replaceAll('\n', '\n    ')}`);
  }
  return out.join('\n');
}

/** The middle part where two multi-line texts differ (common first and last lines left out). */
function changedLines(a: string, b: string, labels: string[]): string {
  const left = a.split('\n');
  const right = b.split('\n');
  let start = 0;
  while (start < left.length && start < right.length && left[start] === right[start]) start += 1;
  let end = 0;
  while (
    end < left.length - start &&
    end < right.length - start &&
    left[left.length - 1 - end] === right[right.length - 1 - end]
  ) {
    end += 1;
  }
  return [
    `  at line ${start + 1}:`,
    ...left.slice(start, left.length - end).map((line) => `  - [${labels[0]}] ${line}`),
    ...right.slice(start, right.length - end).map((line) => `  + [${labels[1]}] ${line}`),
  ].join('\n');
}
