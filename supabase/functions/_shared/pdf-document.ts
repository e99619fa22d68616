import { Buffer } from 'node:buffer';
import PDFDocument from 'npm:pdfkit@0.20';
import { fontRuns, PDF_FONT, pdfFonts, registerPdfFonts } from './pdf-fonts.ts';

// What every PDF the functions make shares (invoice.ts, receipt.ts, voucher-pdf.ts, ticket-pdf.ts): an A4 page
// with PDFKit, the embedded Unicode fonts, fixed metadata dates (so a document renders to the same
// bytes on every try), text in any script, and the provider's postal address.

export type Fonts = Awaited<ReturnType<typeof pdfFonts>>;
export type PdfDoc = InstanceType<typeof PDFDocument>;

export interface PdfInfo {
  Title: string;
  Author: string;
  /** The document's day ('yyyy-MM-dd'): creation and modification date, so no clock goes in. */
  day: string;
}

/**
 * A new A4 document with the fonts registered. Draw on `doc`, then `finish()` ends it and
 * resolves to the bytes.
 */
export async function startPdf(
  info: PdfInfo,
): Promise<{ doc: PdfDoc; fonts: Fonts; finish(): Promise<Uint8Array> }> {
  const fonts = await pdfFonts();
  const date = new Date(`${info.day}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: info.Title, Author: info.Author, CreationDate: date, ModDate: date },
  });
  registerPdfFonts(doc, fonts);
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const finish = async () => {
    doc.end();
    await finished;
    return new Uint8Array(Buffer.concat(chunks));
  };
  return { doc, fonts, finish };
}

interface TextOptions {
  width?: number;
  /** With `height`, the text stops at the box's bottom; `ellipsis` marks the cut with '…'. */
  height?: number;
  ellipsis?: boolean;
}

const ELLIPSIS = 0x2026;

/**
 * Text in any script: cut into runs of the font that has their glyphs (pdf-fonts.ts) and printed
 * as one paragraph, at (x, y) when given. With `height`, it stays in that box and marks a cut
 * with '…' (with `ellipsis`).
 */
export function printText(
  doc: PdfDoc,
  fonts: Fonts,
  text: string,
  at?: { x: number; y: number },
  options: TextOptions = {},
) {
  // An empty line as a space: PDFKit moves down for no text.
  const lines = text.split('\n').map((line, index, all) => (line || index === all.length - 1 ? line : ' '));
  if (options.height === undefined) {
    lines.forEach((line, index) => printLine(doc, fonts, line, index === 0 ? at : undefined, options));
    doc.font(PDF_FONT);
    return;
  }
  const bottom = (at?.y ?? doc.y) + options.height;
  // The tallest of the fonts' lines: PDFKit prints a piece's first line even without room for it.
  const lineHeight = Math.max(...fonts.map((font) => doc.font(font.name).currentLineHeight(true)));
  for (let index = 0; index < lines.length; index += 1) {
    const room = bottom - (index === 0 && at ? at.y : doc.y);
    if (room < lineHeight) break;
    const position = index === 0 ? at : undefined;
    if (index < lines.length - 1 && room < 2 * lineHeight) {
      // Room for one more line only: the rest runs on in it, so PDFKit's cut shows its '…'.
      printLine(doc, fonts, lines.slice(index).join(' '), position, { ...options, height: room });
      break;
    }
    // Another line follows: this one leaves it a line (and shows '…' where it is cut itself).
    const height = index < lines.length - 1 ? room - lineHeight : room;
    printLine(doc, fonts, lines[index]!, position, { ...options, height });
  }
  doc.font(PDF_FONT);
}

/**
 * One line of the text, its runs printed as continued pieces. Each line is its own chain, ended
 * by its line break: PDFKit indents the line after a break inside a continued piece by the width
 * of the chain before it.
 */
function printLine(
  doc: PdfDoc,
  fonts: Fonts,
  line: string,
  at: { x: number; y: number } | undefined,
  options: TextOptions,
) {
  const top = at?.y ?? doc.y;
  const runs = fontRuns(line, fonts);
  if (runs.length === 0) runs.push({ font: PDF_FONT, text: '' });
  runs.forEach((run, index) => {
    const opts = { ...options, continued: index < runs.length - 1 };
    // The cut's '…' is printed in the run's font; Noto Emoji has none and would print a box.
    if (options.ellipsis) opts.ellipsis = fonts.find((font) => font.name === run.font)!.hasGlyph(ELLIPSIS);
    doc.font(run.font);
    if (index === 0 && at) doc.text(run.text, at.x, at.y, opts);
    else doc.text(run.text, opts);
  });
  // PDFKit moves down by the line height of the last run's font; Noto Emoji's is shorter than
  // the main font's, which would crowd the next line.
  if (line) doc.y = Math.max(doc.y, top + doc.font(PDF_FONT).currentLineHeight(true));
}

/**
 * The height of `lines` lines at `size` pt in the embedded font, with a quarter line to spare: the
 * fallback fonts' lines are taller (Noto Sans JP's by 6 %), and without it a box of two lines
 * would hold only one line of kanji.
 */
export function linesHeight(doc: PdfDoc, size: number, lines: number): number {
  return (lines + 0.25) * doc.font(PDF_FONT).fontSize(size).currentLineHeight(true);
}

/**
 * Text in the embedded font in a box of `lines` lines (or `height` pt) from (x, y): wrapped to the
 * width and cut with '…' below, so no text of a person's length pushes anything off the page.
 * Returns the y below what was printed.
 */
export function box(
  doc: PdfDoc,
  fonts: Fonts,
  text: string,
  at: { x: number; y: number; width: number },
  size: number,
  limit: { lines: number } | { height: number },
): number {
  const height = 'lines' in limit ? linesHeight(doc, size, limit.lines) : limit.height;
  printText(doc, fonts, text, at, { width: at.width, height, ellipsis: true });
  return doc.y;
}

/** Names on one line: line breaks and runs of spaces become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 'https://www.sinneswerk.ch/' → 'www.sinneswerk.ch'. */
export function siteLabel(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/+$/, '');
}

/**
 * The page's foot on the voucher and the ticket: a thin rule, then the provider's lines joined by
 * ' · ' in 8.5 pt grey, at most two lines from `y` (the rule sits 8 pt above it).
 */
export function pageFooter(doc: PdfDoc, fonts: Fonts, parts: string[], y: number) {
  const left = 56;
  const width = 595.28 - 2 * left;
  doc
    .moveTo(left, y - 8)
    .lineTo(left + width, y - 8)
    .lineWidth(0.5)
    .strokeColor('#bbbbbb')
    .stroke();
  doc.fillColor('#555555');
  box(doc, fonts, parts.filter(Boolean).join(' · '), { x: left, y, width }, 8.5, { lines: 2 });
  doc.fillColor('black');
}

/** A postal address as the invoice's creditor and the receipts' provider have it. */
export interface PostalAddress {
  name: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
  city: string;
  country: string;
}

/** 'Sinneswerk GmbH', 'Dorfstrasse 12', 'CH-5034 Suhr': the sender block's lines. */
export function addressLines(address: PostalAddress): string[] {
  // A provider whose address is not entered yet (a gift voucher before 'Einstellungen' are
  // complete) prints its name only: no line of bare separators.
  const place = `${address.postalCode} ${address.city}`.trim();
  return [
    address.name,
    `${address.street} ${address.buildingNumber}`.trim(),
    place ? `${address.country}-${place}` : '',
  ].filter((line) => line !== '');
}
