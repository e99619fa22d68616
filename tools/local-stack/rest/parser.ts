import { parseError, PgrstError } from './errors';

/** `col`, `col->key`, `col->>key`, `col->0->>key`. */
export interface ColumnPath {
  column: string;
  json: { arrow: '->' | '->>'; key: string }[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; path: ColumnPath; alias: string | null; cast: string | null }
  | {
      kind: 'embed';
      relation: string;
      alias: string | null;
      hint: string | null;
      inner: boolean;
      /** `...rel(cols)`: a to-one embed whose columns join the parent's. */
      spread: boolean;
      items: SelectItem[];
    };

export type Condition =
  | { kind: 'filter'; path: ColumnPath; negate: boolean; op: string; modifier: string | null; value: string }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] };

export interface OrderTerm {
  path: ColumnPath;
  descending: boolean;
  nulls: 'first' | 'last' | null;
}

/** What the query string says about one level (the root or one embed path like `a.b`). */
export interface LevelParams {
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

export const FILTER_OPS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

/** Query parameters that are not filters. */
const RESERVED_PARAMS = new Set(['select', 'columns', 'on_conflict']);

/** Splits on `separator` outside parentheses and double quotes. */
export function splitTopLevel(input: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const char = input[i] as string;
    if (char === '\\' && quoted && i + 1 < input.length) {
      current += char + input[i + 1];
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (depth < 0) throw parseError(`"failed to parse" (unexpected ')')`, input);
    if (char === separator && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (depth !== 0 || quoted) throw parseError('"failed to parse" (unbalanced parentheses or quotes)', input);
  parts.push(current);
  return parts;
}

function unquote(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/** Column names and json keys: letters, digits, `_`, `-`, `$`, spaces (quoted), nothing that ends a token. */
function checkName(name: string, whole: string): string {
  if (name === '' || /[(),:!.]/.test(name))
    throw parseError(`"failed to parse select parameter (${whole})"`, whole);
  return name;
}

export function parseColumnPath(input: string): ColumnPath {
  const pieces = input.split(/(->>|->)/);
  const column = checkName(unquote(pieces[0] ?? ''), input);
  const json: ColumnPath['json'] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const key = unquote(pieces[i + 1] ?? '');
    if (key === '') throw parseError(`"failed to parse json path (${input})"`, input);
    json.push({ arrow: pieces[i] as '->' | '->>', key });
  }
  return { column, json };
}

/** The output key PostgREST uses for a column: the alias, else the last json key, else the column. */
export function columnOutputName(item: { path: ColumnPath; alias: string | null }): string {
  return item.alias ?? item.path.json.at(-1)?.key ?? item.path.column;
}

/** Finds the `alias:` prefix; `::` is a cast, not an alias. */
function splitAlias(item: string): { alias: string | null; rest: string } {
  const match = /^("(?:[^"\\]|\\.)*"|[^:"(]+):(?!:)/.exec(item);
  if (!match?.[1]) return { alias: null, rest: item };
  return { alias: unquote(match[1]), rest: item.slice(match[0].length) };
}

export function parseSelect(select: string): SelectItem[] {
  if (select.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(select).map((raw) => parseSelectItem(raw.trim(), select));
}

function parseSelectItem(raw: string, whole: string): SelectItem {
  if (raw === '*') return { kind: 'star' };
  const spread = raw.startsWith('...');
  const { alias, rest } = splitAlias(spread ? raw.slice(3) : raw);
  if (spread && (alias !== null || !rest.includes('('))) {
    throw parseError(`"failed to parse select parameter (${whole})"`, whole);
  }
  if (/^(?:[^()]+\.)?(?:count|sum|avg|max|min)\(\)(?:::.+)?$/.test(rest)) {
    // Aggregates are off on Supabase (db-aggregates-enabled = false); legacy `count` still works.
    throw new PgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
  const open = rest.indexOf('(');
  if (open >= 0) {
    if (!rest.endsWith(')')) throw parseError(`"failed to parse select parameter (${whole})"`, whole);
    const [relationRaw = '', ...modifiers] = rest.slice(0, open).split('!');
    let hint: string | null = null;
    let inner = false;
    for (const modifier of modifiers) {
      if (modifier === 'inner') inner = true;
      else if (modifier === 'left') inner = false;
      else if (hint === null) hint = checkName(modifier, whole);
      else throw parseError(`"failed to parse select parameter (${whole})"`, whole);
    }
    const body = rest.slice(open + 1, -1);
    return {
      kind: 'embed',
      relation: checkName(unquote(relationRaw), whole),
      alias,
      hint,
      inner,
      spread,
      items: body.trim() === '' ? [] : parseSelect(body),
    };
  }
  const castIndex = rest.indexOf('::');
  const pathText = castIndex >= 0 ? rest.slice(0, castIndex) : rest;
  const cast = castIndex >= 0 ? rest.slice(castIndex + 2) : null;
  if (cast !== null && !/^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/.test(cast)) {
    throw parseError(`"failed to parse select parameter (${whole})"`, whole);
  }
  return { kind: 'column', path: parseColumnPath(pathText), alias, cast };
}

/** `[not.]op[(modifier)].value`, the right-hand side of a filter. */
function parseOperation(path: ColumnPath, text: string): Condition {
  let negate = false;
  let rest = text;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([a-z_ ]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!match || !FILTER_OPS.has(match[1] as string)) {
    throw parseError(
      `"failed to parse filter (${text})" (line 1, column 1)`,
      `unexpected "${text.slice(0, 10)}"`,
    );
  }
  return {
    kind: 'filter',
    path,
    negate,
    op: match[1] as string,
    modifier: match[2] ?? null,
    value: match[3] as string,
  };
}

/** `or=(a.eq.1,and(b.gt.2,c.lt.3))`: the value of an and/or parameter, parentheses included. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Condition {
  const trimmed = value.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${value})" (line 1, column 1)`, value);
  }
  const children = splitTopLevel(trimmed.slice(1, -1)).map((part) => {
    const item = part.trim();
    const logic = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(item);
    if (logic) return parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), logic[3] as string);
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${value})"`, value);
    return parseOperation(parseColumnPath(item.slice(0, dot)), item.slice(dot + 1));
  });
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((raw) => {
    const parts = raw.trim().split('.');
    const path = parseColumnPath(parts[0] ?? '');
    let descending = false;
    let nulls: OrderTerm['nulls'] = null;
    for (const part of parts.slice(1)) {
      if (part === 'asc') descending = false;
      else if (part === 'desc') descending = true;
      else if (part === 'nullsfirst') nulls = 'first';
      else if (part === 'nullslast') nulls = 'last';
      else throw parseError(`"failed to parse order (${value})"`, `unexpected "${part}"`);
    }
    return { path, descending, nulls };
  });
}

function parseNonNegativeInt(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw parseError(`"failed to parse ${name} parameter (${value})"`, value);
  return Number(value);
}

/**
 * Reads filters, order, limit and offset from the query string, grouped by the embed path
 * they apply to ('' = the root table). Keys: `col`, `rel.col`, `or`, `not.and`, `rel.order` ...
 */
export function parseQueryParams(params: URLSearchParams, extraReserved: ReadonlySet<string> = new Set()) {
  const levels = new Map<string, LevelParams>();
  const level = (path: string) => {
    let found = levels.get(path);
    if (!found) {
      found = { conditions: [], order: [], limit: null, offset: null };
      levels.set(path, found);
    }
    return found;
  };
  level('');
  for (const [key, value] of params) {
    if (RESERVED_PARAMS.has(key) || extraReserved.has(key)) continue;
    const segments = splitTopLevel(key, '.').map((segment) => segment.trim());
    let last = segments.pop() ?? '';
    let negateLogic = false;
    if ((last === 'or' || last === 'and') && segments.at(-1) === 'not') {
      segments.pop();
      negateLogic = true;
    }
    const target = level(segments.join('.'));
    if (last === 'order') target.order.push(...parseOrder(value));
    else if (last === 'limit') target.limit = parseNonNegativeInt('limit', value);
    else if (last === 'offset') target.offset = parseNonNegativeInt('offset', value);
    else if (last === 'or' || last === 'and') target.conditions.push(parseLogic(last, negateLogic, value));
    else {
      if (last === '') last = key;
      target.conditions.push(parseOperation(parseColumnPath(last), value));
    }
  }
  return levels;
}

/** `in.(1,2,"a,b")`: the list, quotes removed. */
export function parseInList(value: string): string[] {
  const trimmed = value.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw parseError(`"failed to parse filter (in.${value})"`, value);
  }
  const inner = trimmed.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item));
}
