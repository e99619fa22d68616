import { PgrstError } from './errors';
import { columnOutputName, type Condition, type LevelParams, type SelectItem } from './parser';
import { findRelationship, isToOne, type Relationship } from './relationships';
import type { SchemaCache, Table } from './schema-cache';
import { fieldResolver } from './fields';
import { castSql, columnSql, conditionSql, ident, limitSql, orderSql, type Params } from './sql';

/** Where a level reads its rows from: a table, a write's CTE, or a set-returning function. */
export interface Source {
  /** SQL for the FROM clause; binds its own values (an rpc's arguments) into `params`. */
  from: (params: Params) => string;
  /** The table whose columns and foreign keys apply; null when the shape is unknown (rpc scalars). */
  table: Table | null;
}

interface BuildContext {
  cache: SchemaCache;
  params: Params;
  levels: Map<string, LevelParams>;
  aliasCount: number;
}

const NO_PARAMS: LevelParams = { conditions: [], order: [], limit: null, offset: null };

/** `rel=is.null` / `rel=not.is.null` on an embed filters parents by whether the embed is empty. */
function isEmbedNullFilter(
  condition: Condition,
  embedKeys: Map<string, string>,
): condition is Extract<Condition, { kind: 'filter' }> {
  return (
    condition.kind === 'filter' &&
    condition.op === 'is' &&
    condition.path.json.length === 0 &&
    embedKeys.has(condition.path.column) &&
    condition.value.toLowerCase() === 'null'
  );
}

/** Ties a child row to its parent row through the relationship's foreign key(s). */
function joinConditions(rel: Relationship, parent: string, child: string, junctionAlias: string): string[] {
  const pairs = (left: string, leftColumns: string[], right: string, rightColumns: string[]) =>
    leftColumns.map((column, i) => `${left}.${ident(column)} = ${right}.${ident(rightColumns[i] as string)}`);
  const toTarget = rel.junctionKey;
  if (!toTarget) return pairs(child, rel.targetColumns, parent, rel.originColumns);
  const fk = rel.foreignKey;
  const junction = ident(junctionAlias);
  const conditions = [
    ...pairs(junction, fk.columns, parent, fk.refColumns),
    ...pairs(junction, toTarget.columns, child, toTarget.refColumns),
  ];
  return [
    `exists (select 1 from ${ident('public')}.${ident(fk.table)} as ${junction} where ${conditions.join(' and ')})`,
  ];
}

export interface LevelOptions {
  /** Conditions tying a child (given its alias) to its parent row. */
  join: (alias: string) => string[];
  /** Leave out order, limit and offset (for the total count). */
  forCount?: boolean;
  /** Top level paging from Range / limit / offset. */
  limit?: number | null;
  offset?: number | null;
}

/**
 * One `select` of the tree: the level's columns, its embeds as lateral subqueries that
 * produce JSON (object for many-to-one, array for one-to-many), and its filters.
 */
export function buildLevel(
  ctx: BuildContext,
  source: Source,
  items: SelectItem[],
  levelPath: string,
  options: LevelOptions,
): string {
  const alias = `t${ctx.aliasCount++}`;
  const level = ctx.levels.get(levelPath) ?? NO_PARAMS;
  const resolve = fieldResolver(ctx.cache, source.table);
  const outputs: string[] = [];
  const joins: string[] = [];
  const where: string[] = options.join(ident(alias));
  const embedKeys = new Map<string, string>();

  // Output positions of the plain columns, the grouping of a legacy `count`.
  const grouped: number[] = [];
  let counted = false;
  const embedNames = new Set<string>();

  for (const item of items) {
    if (item.kind === 'star') {
      outputs.push(`${ident(alias)}.*`);
    } else if (item.kind === 'column' && isLegacyCount(ctx.cache, source.table, item)) {
      // `select=count` / `rel(count)`: PostgREST's pre-aggregate count, allowed with aggregates off.
      outputs.push(`count(*) as ${ident(item.alias ?? 'count')}`);
      counted = true;
    } else if (item.kind === 'column') {
      const expression = columnSql(alias, item.path, ctx.params, resolve);
      outputs.push(
        `${item.cast ? `(${expression})${castSql(item.cast)}` : expression} as ${ident(columnOutputName(item))}`,
      );
      grouped.push(outputs.length);
    } else {
      if (!source.table) {
        throw new PgrstError(
          400,
          'PGRST200',
          `Could not find a relationship for '${item.relation}' in the schema cache`,
        );
      }
      const rel = findRelationship(ctx.cache, source.table.name, item.relation, item.hint);
      const target = ctx.cache.tables.get(rel.target) ?? null;
      const key = item.alias ?? item.relation;
      if (embedNames.has(key)) {
        // PostgREST names each embed's subquery `<parent>_<name>_<depth>`; twice the same name collides.
        const depth = levelPath === '' ? 1 : levelPath.split('.').length + 1;
        throw new PgrstError(
          400,
          '42712',
          `table name "${source.table.name}_${key}_${depth}" specified more than once`,
        );
      }
      embedNames.add(key);
      const childPath = levelPath ? `${levelPath}.${key}` : key;
      const join = (childAlias: string) =>
        joinConditions(rel, ident(alias), childAlias, `j${ctx.aliasCount++}`);
      const child = buildLevel(ctx, tableSource(rel.target, target), item.items, childPath, { join });
      const lateral = `e${ctx.aliasCount++}`;
      if (item.spread) {
        if (!isToOne(rel)) {
          throw new PgrstError(
            400,
            'PGRST119',
            'A spread operation on a to-many relationship is not supported',
            `'${source.table.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
          );
        }
        // The child's own columns, side by side with the parent's (null when there is no match).
        joins.push(`left join lateral (${child}) as ${ident(lateral)} on true`);
        if (item.items.length > 0) outputs.push(`${ident(lateral)}.*`);
        continue;
      }
      embedKeys.set(key, lateral);
      const aggregate = isToOne(rel) ? 'row_to_json("_c")' : 'json_agg("_c")';
      joins.push(
        `left join lateral (select ${aggregate} as v from (${child}) as "_c") as ${ident(lateral)} on true`,
      );
      if (item.items.length > 0) {
        const value = isToOne(rel) ? `${ident(lateral)}.v` : `coalesce(${ident(lateral)}.v, '[]'::json)`;
        outputs.push(`${value} as ${ident(key)}`);
      }
      if (item.inner) where.push(`${ident(lateral)}.v is not null`);
    }
  }

  for (const condition of level.conditions) {
    if (isEmbedNullFilter(condition, embedKeys)) {
      const lateral = embedKeys.get(condition.path.column) as string;
      where.push(`${ident(lateral)}.v is ${condition.negate ? 'not ' : ''}null`);
    } else {
      where.push(conditionSql(condition, alias, ctx.params, resolve));
    }
  }

  if (counted && (joins.length > 0 || items.some((item) => item.kind === 'star'))) {
    throw new PgrstError(
      400,
      'PGRST123',
      'Use of aggregate functions is not allowed',
      'The local stack counts only next to plain columns (no * and no embeds at the same level).',
    );
  }
  let sql = `select ${outputs.join(', ')} from ${source.from(ctx.params)} as ${ident(alias)} ${joins.join(' ')}`;
  if (where.length > 0) sql += ` where ${where.map((w) => `(${w})`).join(' and ')}`;
  if (counted && grouped.length > 0) sql += ` group by ${grouped.join(', ')}`;
  if (!options.forCount) {
    sql += orderSql(level.order, alias, ctx.params, resolve);
    const limit = options.limit !== undefined ? options.limit : level.limit;
    const offset = options.offset !== undefined ? options.offset : level.offset;
    sql += limitSql(limit, offset);
  }
  return sql;
}

/** `count` in a select list that names no column or computed field called so. */
function isLegacyCount(
  cache: SchemaCache,
  table: Table | null,
  item: Extract<SelectItem, { kind: 'column' }>,
): boolean {
  return (
    table !== null &&
    item.path.column === 'count' &&
    item.path.json.length === 0 &&
    item.cast === null &&
    !table.columns.some((column) => column.name === 'count') &&
    !cache.computedFields.get(table.name)?.has('count')
  );
}

export function tableSource(name: string, table: Table | null): Source {
  return { from: () => `${ident('public')}.${ident(name)}`, table };
}

export function newBuildContext(
  cache: SchemaCache,
  params: Params,
  levels: Map<string, LevelParams>,
): BuildContext {
  return { cache, params, levels, aliasCount: 0 };
}

/** The whole answer as one JSON array plus its row count, as PostgREST builds it. */
export function wrapAsJsonArray(levelSql: string): string {
  return `select coalesce(json_agg("_r"), '[]'::json)::text as body, count("_r")::int as page_total from (${levelSql}) as "_r"`;
}

/** Rejects filters on embeds that are not selected (PostgREST's PGRST108). */
export function checkEmbedLevels(levels: Map<string, LevelParams>, items: SelectItem[]): void {
  const known = new Set<string>(['']);
  const walk = (list: SelectItem[], prefix: string) => {
    for (const item of list) {
      if (item.kind !== 'embed') continue;
      const path = prefix ? `${prefix}.${item.alias ?? item.relation}` : (item.alias ?? item.relation);
      known.add(path);
      walk(item.items, path);
    }
  };
  walk(items, '');
  for (const path of levels.keys()) {
    if (!known.has(path)) {
      throw new PgrstError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
}
