import { PgrstError, unknownColumn } from './errors';
import type { SchemaCache, Table } from './schema-cache';
import { ident } from './sql';

/**
 * The one place where a name from a request is checked against a table: a column, or a
 * computed field (a function taking the table's row type, PostgREST's "virtual column").
 */

/** A field as SQL, and whether json arrows on it need `to_jsonb` first (composites, arrays). */
export interface FieldSql {
  sql: string;
  toJson: boolean;
}

/** Turns `column` of the row aliased `alias` into SQL, or refuses it as Postgres would (42703). */
export type FieldResolver = (alias: string, column: string) => FieldSql;

/** For rows of unknown shape (an rpc returning a scalar set or an anonymous record). */
const anyField: FieldResolver = (alias, column) => ({
  sql: `${ident(alias)}.${ident(column)}`,
  toJson: false,
});

export function fieldResolver(cache: SchemaCache, table: Table | null): FieldResolver {
  if (!table) return anyField;
  const computed = cache.computedFields.get(table.name);
  return (alias, column) => {
    const found = table.columns.find((c) => c.name === column);
    if (found) {
      return {
        sql: `${ident(alias)}.${ident(column)}`,
        toJson: found.composite || found.type.endsWith('[]'),
      };
    }
    const fn = computed?.get(column);
    if (fn) {
      // The row is cast to the table's type so the call also works on a write's CTE or an rpc's rows.
      const row = `${ident(alias)}::${ident('public')}.${ident(table.name)}`;
      return {
        sql: `${ident('public')}.${ident(fn.name)}(${row})`,
        toJson: fn.composite || fn.type.endsWith('[]'),
      };
    }
    throw new PgrstError(400, '42703', `column ${table.name}.${column} does not exist`);
  };
}

/** Columns a write names (body keys, `columns=`, `on_conflict=`): PostgREST's PGRST204 otherwise. */
export function requireColumns(table: Table, columns: string[]): void {
  for (const column of columns) {
    if (!table.columns.some((c) => c.name === column)) throw unknownColumn(column, table.name);
  }
}
