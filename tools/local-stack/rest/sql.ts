import { PgrstError, parseError } from './errors';
import type { FieldResolver } from './fields';
import { parseInList, type ColumnPath, type Condition, type OrderTerm } from './parser';

/** Collects bound values; every value in a request reaches Postgres only as `$n`. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier; the caller has already checked it against the schema cache. */
export function ident(name: string): string {
  if (name.includes('\0')) throw parseError('identifier contains NUL');
  return `"${name.replace(/"/g, '""')}"`;
}

/** Casts in `select=col::type`; aliases the grammar knows are mapped to catalog names so they can be quoted. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  'character varying': 'varchar',
};

export function castSql(cast: string): string {
  const array = cast.endsWith('[]');
  const base = (array ? cast.slice(0, -2) : cast).trim().toLowerCase();
  return `::${ident(TYPE_ALIASES[base] ?? base)}${array ? '[]' : ''}`;
}

/** A column or computed field with its json path (`->`, `->>`), as PostgREST 12 writes it. */
export function columnSql(alias: string, path: ColumnPath, params: Params, resolve: FieldResolver): string {
  const field = resolve(alias, path.column);
  // Arrows on a composite or an array go through to_jsonb, as PostgREST does since v11.
  let sql = path.json.length > 0 && field.toJson ? `to_jsonb(${field.sql})` : field.sql;
  for (const step of path.json) {
    // Array indexes stay integers (`->0`); any other key is bound as text.
    const key = /^-?\d+$/.test(step.key) ? step.key : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_FUNCTION: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const IS_VALUES: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };

function filterSql(
  condition: Extract<Condition, { kind: 'filter' }>,
  alias: string,
  params: Params,
  resolve: FieldResolver,
): string {
  const column = columnSql(alias, condition.path, params, resolve);
  const { op, value } = condition;
  let sql: string;
  if (op === 'is') {
    const literal = IS_VALUES[value.toLowerCase()];
    if (!literal)
      throw parseError(
        `"failed to parse filter (is.${value})"`,
        `unexpected "${value}" expecting null or trilean value`,
      );
    sql = `${column} is ${literal}`;
  } else if (op === 'in') {
    sql = `${column} = any(${params.add(parseInList(value))})`;
  } else if (op in FTS_FUNCTION) {
    const config = condition.modifier ? `${params.add(condition.modifier)}::regconfig, ` : '';
    sql = `${column} @@ ${FTS_FUNCTION[op]}(${config}${params.add(value)})`;
  } else if ((op === 'like' || op === 'ilike') && condition.modifier) {
    const quantifier = condition.modifier === 'any' ? 'any' : condition.modifier === 'all' ? 'all' : null;
    if (!quantifier) throw parseError(`"failed to parse filter (${op}(${condition.modifier}))"`);
    const patterns = value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .map((p) => p.replace(/\*/g, '%'));
    sql = `${column} ${op} ${quantifier}(${params.add(patterns)})`;
  } else if (op === 'like' || op === 'ilike') {
    sql = `${column} ${op} ${params.add(value.replace(/\*/g, '%'))}`;
  } else if (op === 'eq' && condition.modifier) {
    throw parseError(`"failed to parse filter (${op}(${condition.modifier}))"`);
  } else {
    const operator = COMPARISON[op];
    if (!operator) throw parseError(`"failed to parse filter (${op})"`);
    sql = `${column} ${operator} ${params.add(value)}`;
  }
  return condition.negate ? `not (${sql})` : sql;
}

export function conditionSql(
  condition: Condition,
  alias: string,
  params: Params,
  resolve: FieldResolver,
): string {
  if (condition.kind === 'filter') return filterSql(condition, alias, params, resolve);
  if (condition.children.length === 0) return condition.negate ? 'false' : 'true';
  const joined = condition.children
    .map((child) => `(${conditionSql(child, alias, params, resolve)})`)
    .join(condition.op === 'and' ? ' and ' : ' or ');
  return condition.negate ? `not (${joined})` : `(${joined})`;
}

export function orderSql(terms: OrderTerm[], alias: string, params: Params, resolve: FieldResolver): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${columnSql(alias, term.path, params, resolve)} ${term.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

export function limitSql(limit: number | null, offset: number | null): string {
  return `${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
}

export const notSingular = (rows: number) =>
  new PgrstError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );
