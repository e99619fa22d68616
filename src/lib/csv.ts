// Every CSV the admin area exports. Excel in Switzerland opens a CSV correctly when it is UTF-8 with
// a byte-order mark and uses semicolons (the list separator of de-CH); rows end with CRLF.
import { downloadText } from './download';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

// OWASP's rule for CSV injection: a spreadsheet may run any cell that starts with one of these
// as a formula (tab, carriage return and line feed because Excel skips them and reads what
// follows), so such a cell gets a leading apostrophe whatever comes next. Exceptions like "a +
// followed by a digit is a number" are exactly what payloads such as `-1+HYPERLINK(...)` slip
// through. White space of any kind before a formula character (a space, a no-break space, line
// breaks) hides it the same way, so such a cell is defused too; `\s` covers them all.
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@])/;

/**
 * Quotes every cell and defuses formula-like cells with a leading apostrophe. A phone number
 * such as `+41 79 123 45 67` therefore reads `'+41 79 123 45 67` in Excel: text with every
 * digit kept, instead of a formula that Excel turns into #NAME?.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The file: header row, then one row per record. */
export function toCsv(header: string[], rows: string[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(SEPARATOR)).join(LINE_END) + LINE_END;
}

/** Offers the text as a file download in the browser. */
export function downloadCsv(csv: string, fileName: string): void {
  downloadText(fileName, 'text/csv;charset=utf-8', csv);
}
