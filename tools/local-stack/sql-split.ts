/**
 * Splits a SQL script into statements, as the Supabase CLI records them in
 * supabase_migrations.schema_migrations.statements. Respects quotes, quoted identifiers,
 * dollar-quoted bodies and comments; the script itself is executed whole, so this only has to
 * be good enough for the record.
 */
export function splitSqlStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = sql.slice(start, end).trim();
    if (text && !isOnlyComments(text)) statements.push(text);
    start = end + 1;
  };
  while (i < sql.length) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      i = indexOrEnd(sql, '\n', i);
    } else if (ch === '/' && next === '*') {
      i = indexOrEnd(sql, '*/', i + 2) + 1;
    } else if (ch === "'" || ch === '"') {
      i = closingQuote(sql, ch, i + 1);
    } else if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0];
      if (tag) i = indexOrEnd(sql, tag, i + tag.length) + tag.length - 1;
    } else if (ch === ';') {
      push(i);
    }
    i += 1;
  }
  push(sql.length);
  return statements;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const found = text.indexOf(search, from);
  return found === -1 ? text.length : found;
}

/** Index of the quote closing a literal; doubled quotes are escapes. */
function closingQuote(text: string, quote: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] !== quote) return i;
      i += 1;
    }
    i += 1;
  }
  return text.length;
}

function isOnlyComments(text: string): boolean {
  return (
    text
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() === ''
  );
}
