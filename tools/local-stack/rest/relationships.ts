import { PgrstError } from './errors';
import type { ForeignKey, SchemaCache } from './schema-cache';

export interface Relationship {
  /**
   * many-to-one: the parent holds the FK (embed is an object); one-to-many: the child does
   * (array); many-to-many: a junction table holds an FK to each (array).
   */
  cardinality: 'many-to-one' | 'one-to-many' | 'many-to-many';
  /** For many-to-many, the junction's FK to the parent. */
  foreignKey: ForeignKey;
  /** For many-to-many, the junction's FK to the embedded table. */
  junctionKey?: ForeignKey;
  /** The embedded table. */
  target: string;
}

function describe(table: string, rel: Relationship) {
  return {
    cardinality: rel.cardinality,
    embedding: `${table} with ${rel.target}`,
    relationship: `${rel.foreignKey.constraint} using ${rel.foreignKey.table}(${rel.foreignKey.columns.join(', ')}) and ${rel.foreignKey.refTable}(${rel.foreignKey.refColumns.join(', ')})`,
  };
}

/** Join tables whose primary key holds an FK to `table` and one to `name` (PostgREST's rule). */
function junctions(cache: SchemaCache, table: string, name: string): Relationship[] {
  const found: Relationship[] = [];
  for (const toParent of cache.foreignKeys) {
    if (toParent.refTable !== table) continue;
    const junction = cache.tables.get(toParent.table);
    if (!junction || junction.name === table || junction.name === name) continue;
    const inKey = (fk: ForeignKey) => fk.columns.every((column) => junction.primaryKey.includes(column));
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toParent || toTarget.table !== junction.name || toTarget.refTable !== name) continue;
      if (inKey(toParent) && inKey(toTarget)) {
        found.push({
          cardinality: 'many-to-many',
          foreignKey: toParent,
          junctionKey: toTarget,
          target: name,
        });
      }
    }
  }
  return found;
}

/**
 * Resolves `select=name!hint(...)` from `table` the way PostgREST does: `name` is a table
 * reached through a foreign key in either direction, or a foreign-key column of `table`
 * (`client_id(*)`); `hint` picks among several by constraint name or column.
 */
export function findRelationship(
  cache: SchemaCache,
  table: string,
  name: string,
  hint: string | null,
): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === table && (fk.refTable === name || (fk.columns.length === 1 && fk.columns[0] === name))) {
      candidates.push({ cardinality: 'many-to-one', foreignKey: fk, target: fk.refTable });
    }
    if (fk.refTable === table && fk.table === name) {
      candidates.push({ cardinality: 'one-to-many', foreignKey: fk, target: fk.table });
    }
  }
  candidates.push(...junctions(cache, table, name));
  const matching = hint
    ? candidates.filter(
        (rel) =>
          rel.foreignKey.constraint === hint ||
          rel.foreignKey.columns.includes(hint) ||
          rel.foreignKey.refColumns.includes(hint) ||
          rel.target === hint ||
          rel.junctionKey?.table === hint ||
          rel.junctionKey?.constraint === hint,
      )
    : candidates;
  if (matching.length === 1) return matching[0] as Relationship;
  if (matching.length === 0) {
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${table}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${table}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      'Perhaps you meant a different table or hint.',
    );
  }
  throw new PgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${table}' and '${name}'`,
    matching.map((rel) => describe(table, rel)),
    `Try changing '${name}' to one of the following: ${matching.map((rel) => `'${name}!${rel.foreignKey.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
