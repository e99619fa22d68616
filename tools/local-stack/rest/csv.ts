/** A JSON array of row objects as PostgREST's `text/csv` answer: a header line, then one line per row. */
export function jsonRowsToCsv(body: string): string {
  const rows = JSON.parse(body) as unknown;
  if (!Array.isArray(rows) || rows.length === 0) return '';
  const columns = Object.keys((rows[0] ?? {}) as Record<string, unknown>);
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows as Record<string, unknown>[]) {
    lines.push(columns.map((column) => csvCell(row[column])).join(','));
  }
  return lines.join('\n');
}

/** Arrays as Postgres prints them (`{a,"b c"}`), since PostgREST's CSV is Postgres's text output. */
function arrayText(values: unknown[]): string {
  const items = values.map((item) => {
    if (item === null) return 'NULL';
    if (Array.isArray(item)) return arrayText(item);
    const text = typeof item === 'object' ? JSON.stringify(item) : String(item);
    return text === '' || /^null$/i.test(text) || /[{},"\\\s]/.test(text)
      ? `"${text.replace(/["\\]/g, '\\$&')}"`
      : text;
  });
  return `{${items.join(',')}}`;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value)
    ? arrayText(value)
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
