import { PgrstError } from './errors';
import type { ForeignKey, SchemaCache } from './schema-cache';

export type Cardinality = 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  /** The foreign key; for many-to-many, the junction's key to the origin table. */
  foreignKey: ForeignKey;
  /** For many-to-many, the junction's key to the embedded table. */
  junctionKey?: ForeignKey;
  /** Columns of the origin (the parent) and of the target (the embedded table), pairwise joined. */
  originColumns: string[];
  targetColumns: string[];
  /** The embedded table. */
  target: string;
  /** Origin and target are the same table (a self-referencing key). */
  isSelf: boolean;
}

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

/** PostgREST's rule: a foreign key whose columns are a primary or unique key is one-to-one. */
function isUniqueKey(cache: SchemaCache, table: string, columns: string[]): boolean {
  const keys = cache.tables.get(table)?.uniqueKeys ?? [];
  return keys.some((key) => key.length === columns.length && key.every((column) => columns.includes(column)));
}

/** Join tables whose primary key holds an FK to `origin` and one to another table. */
function junctions(cache: SchemaCache, origin: string): Relationship[] {
  const found: Relationship[] = [];
  for (const toOrigin of cache.foreignKeys) {
    if (toOrigin.refTable !== origin) continue;
    const junction = cache.tables.get(toOrigin.table);
    if (!junction || junction.name === origin) continue;
    const inKey = (fk: ForeignKey) => fk.columns.every((column) => junction.primaryKey.includes(column));
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toOrigin || toTarget.table !== junction.name || toTarget.refTable === junction.name) {
        continue;
      }
      if (inKey(toOrigin) && inKey(toTarget)) {
        found.push({
          cardinality: 'many-to-many',
          foreignKey: toOrigin,
          junctionKey: toTarget,
          originColumns: toOrigin.refColumns,
          targetColumns: toTarget.refColumns,
          target: toTarget.refTable,
          isSelf: toTarget.refTable === origin,
        });
      }
    }
  }
  return found;
}

/** Every relationship PostgREST's schema cache holds for `origin`, in both directions. */
function relationshipsOf(cache: SchemaCache, origin: string): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const oneToOne = isUniqueKey(cache, fk.table, fk.columns);
    const isSelf = fk.table === fk.refTable;
    if (fk.table === origin) {
      found.push({
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        foreignKey: fk,
        originColumns: fk.columns,
        targetColumns: fk.refColumns,
        target: fk.refTable,
        isSelf,
      });
    }
    if (fk.refTable === origin) {
      found.push({
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        foreignKey: fk,
        originColumns: fk.refColumns,
        targetColumns: fk.columns,
        target: fk.table,
        isSelf,
      });
    }
  }
  return [...found, ...junctions(cache, origin)];
}

const single = (columns: string[], name: string) => columns.length === 1 && columns[0] === name;

/**
 * Whether `select=name!hint(...)` from the origin means `rel`, by PostgREST 12's rules (findRel):
 * `name` is the target table, a foreign-key constraint or a single foreign-key column of the
 * origin; `hint` picks by constraint, column or junction. A self-referencing key is read as
 * one-to-many by the table name and many-to-one by the column name.
 */
function matches(rel: Relationship, name: string, hint: string | null): boolean {
  const direct = rel.cardinality !== 'many-to-many';
  const byConstraint = (value: string) => direct && rel.foreignKey.constraint === value;
  const byOriginColumn = (value: string) => direct && single(rel.originColumns, value);
  const byTargetColumn = (value: string) => direct && single(rel.targetColumns, value);
  const byJunction = (value: string) => !direct && rel.foreignKey.table === value;
  if (rel.isSelf) {
    if (hint === null) {
      return (
        (rel.target === name && rel.cardinality === 'one-to-many') ||
        (byOriginColumn(name) && rel.cardinality === 'many-to-one')
      );
    }
    return rel.target === name && rel.cardinality === 'one-to-many' && byTargetColumn(hint);
  }
  if (hint === null) return rel.target === name || byConstraint(name) || byOriginColumn(name);
  return (
    rel.target === name &&
    (byConstraint(hint) || byOriginColumn(hint) || byTargetColumn(hint) || byJunction(hint))
  );
}

function describe(origin: string, rel: Relationship) {
  const list = (columns: string[]) => `(${columns.join(', ')})`;
  const junctionKey = rel.junctionKey;
  return {
    cardinality: rel.cardinality,
    embedding: `${origin} with ${rel.target}`,
    relationship: junctionKey
      ? `${rel.foreignKey.table} using ${rel.foreignKey.constraint}${list(rel.foreignKey.columns)} and ${junctionKey.constraint}${list(junctionKey.columns)}`
      : `${rel.foreignKey.constraint} using ${origin}${list(rel.originColumns)} and ${rel.target}${list(rel.targetColumns)}`,
  };
}

function hintFor(rel: Relationship): string {
  return `'${rel.target}!${rel.junctionKey ? rel.foreignKey.table : rel.foreignKey.constraint}'`;
}

/** Resolves `select=name!hint(...)` from `origin` as PostgREST does, or fails with its error. */
export function findRelationship(
  cache: SchemaCache,
  origin: string,
  name: string,
  hint: string | null,
): Relationship {
  const found = relationshipsOf(cache, origin).filter((rel) => matches(rel, name, hint));
  if (found.length === 1) return found[0] as Relationship;
  if (found.length === 0) {
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  throw new PgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${name}'`,
    found.map((rel) => describe(origin, rel)),
    `Try changing '${name}' to one of the following: ${found.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
