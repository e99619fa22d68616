import { parseCalendarDate, shortDate } from '@common/calendar-dates.ts';
import { formatChf } from '@common/format.ts';
import { isoDay } from '@common/zurich-time.ts';
import {
  addressLines,
  box,
  linesHeight,
  oneLine,
  pageFooter,
  type PostalAddress,
  siteLabel,
  startPdf,
} from './pdf-document.ts';
import { drawQr } from './pdf-qr.ts';

// The gift voucher ('Geschenkgutschein') as a one-page A4 PDF: what it is worth (or which offer it
// buys), for whom and from whom, the code as text and as a QR code, until when it is valid, the
// provider's terms and address. Made like the receipts (pdf-document.ts: PDFKit, the embedded
// Unicode fonts) and pure: everything comes from the VoucherDocument, so a voucher renders to the
// same bytes on every try. Every text whose length comes from a person sits in a box of fixed
// height and is cut with '…' when it does not fit, so no name or message pushes anything off the
// page or onto a second one.

/** The provider as the receipts print it (their ReceiptProvider fits), plus its website. */
export interface VoucherProvider extends PostalAddress {
  /** The site's address, e.g. 'https://www.sinneswerk.ch' (SITE_URL); printed without 'https://'. */
  siteUrl: string;
}

export interface VoucherDocument {
  /** The voucher's code, e.g. 'GS-7K3M-Q9TX-4HBW-2RPA-XN8D': printed and encoded in the QR. */
  code: string;
  /** 'value': worth an amount; 'offer': buys the offer named in `title`. */
  kind: 'value' | 'offer';
  /** The offer ('Fondue-Abend für 2 Personen'); empty for a value voucher. */
  title: string;
  /** The voucher's value in centimes. */
  valueCents: number;
  /** The last day it can be redeemed, 'yyyy-MM-dd'. */
  validUntil: string;
  /** Each may be empty; the message may have line breaks (up to 500 characters). */
  recipientName: string;
  message: string;
  buyerName: string;
  /** The provider's terms ('Einlösbar für alle Angebote auf der Website. Keine Barauszahlung.'). */
  legalText: string;
  /** The day it was issued (ISO date; a timestamp's date part counts). */
  issuedAt: string;
  provider: VoucherProvider;
}

const HEADING = 'Geschenkgutschein';

// The page: A4 (595 × 842 pt) with the receipts' 56 pt margin. The lower part is laid out from
// the page's bottom up at fixed places (footer, terms, code); the upper part flows from the top
// and must end above the code block.
const LEFT = 56;
const WIDTH = 595.28 - 2 * LEFT;
const BOTTOM = 841.89 - 56;
const FOOTER_Y = BOTTOM - 24; // two lines of 8.5 pt
const TERMS_HEIGHT = 60; // five lines of 8.5 pt
const TERMS_Y = FOOTER_Y - 14 - TERMS_HEIGHT; // a rule between
const QR_SIZE = 120; // the code without its quiet zone
// Text keeps this far from the code: at least its quiet zone (4 modules of even the smallest,
// 21-module code: 4 × 120 / 21 = 23 pt), which a scanner needs white.
const QR_CLEAR = 28;
const QR_Y = TERMS_Y - QR_CLEAR - QR_SIZE;
const FLOW_BOTTOM = QR_Y - QR_CLEAR;
const GREY = '#555555';

/** The message with its line breaks, but at most one blank line in a row and tabs as spaces (fonts have no tab glyph). */
function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function calendarDay(value: string, field: string) {
  const day = parseCalendarDate(value);
  if (!day) throw new Error(`Voucher ${field} is not a date: ${value}`);
  return day;
}

export async function renderVoucherPdf(voucher: VoucherDocument): Promise<Uint8Array> {
  const validUntil = calendarDay(voucher.validUntil, 'validUntil');
  const issued = calendarDay(voucher.issuedAt, 'issuedAt');
  const { provider } = voucher;
  // The code stays out of the metadata: whoever holds it can redeem the voucher.
  const { doc, fonts, finish } = await startPdf({
    Title: HEADING,
    Author: provider.name,
    day: isoDay(issued),
  });
  const value = formatChf(voucher.valueCents / 100);

  // Fixed Latin words in PDFKit's built-in bold face, as the receipts' headings; `lineBreak: false`
  // as they always fit on one line.
  doc.font('Helvetica-Bold').fontSize(28).text(HEADING, LEFT, LEFT, { width: WIDTH, lineBreak: false });
  let y = doc.y + 14;
  const title = oneLine(voucher.title);
  if (voucher.kind === 'offer' && title) {
    y = box(doc, fonts, title, { x: LEFT, y, width: WIDTH }, 20, { lines: 3 });
    y = box(doc, fonts, `im Wert von ${value}`, { x: LEFT, y: y + 4, width: WIDTH }, 12, { lines: 1 });
  } else {
    doc.font('Helvetica-Bold').fontSize(36).text(value, LEFT, y, { width: WIDTH, lineBreak: false });
    y = doc.y;
  }

  const recipient = oneLine(voucher.recipientName);
  if (recipient)
    y = box(doc, fonts, `Für ${recipient}`, { x: LEFT, y: y + 20, width: WIDTH }, 14, { lines: 2 });
  const buyer = oneLine(voucher.buyerName);
  // The message takes what the sender's line leaves of the upper part.
  const buyerHeight = buyer ? linesHeight(doc, 11, 2) + 12 : 0;
  const message = paragraphs(voucher.message);
  if (message) {
    y += 16;
    y = box(doc, fonts, message, { x: LEFT, y, width: WIDTH }, 11, { height: FLOW_BOTTOM - buyerHeight - y });
  }
  if (buyer) box(doc, fonts, `Von ${buyer}`, { x: LEFT, y: y + 12, width: WIDTH }, 11, { lines: 2 });

  // The code twice: as a QR code to scan and as text to type in.
  drawQr(doc, voucher.code, LEFT, QR_Y, QR_SIZE);
  const textX = LEFT + QR_SIZE + QR_CLEAR;
  const textWidth = WIDTH - QR_SIZE - QR_CLEAR;
  doc.fillColor(GREY);
  y = box(doc, fonts, 'Gutscheincode', { x: textX, y: QR_Y, width: textWidth }, 9, { lines: 1 });
  // Monospaced, as a code to type in is best read: each character stands apart. The codes are
  // ASCII, which PDFKit's built-in Courier prints.
  doc.fillColor('black').font('Courier-Bold').fontSize(15);
  doc.text(voucher.code, textX, y + 6, { width: textWidth, height: 2 * doc.currentLineHeight(true) });
  y = box(
    doc,
    fonts,
    `Gültig bis ${shortDate(validUntil)}`,
    { x: textX, y: doc.y + 10, width: textWidth },
    12,
    {
      lines: 1,
    },
  );
  doc.fillColor(GREY);
  box(doc, fonts, `Ausgestellt am ${shortDate(issued)}`, { x: textX, y: y + 2, width: textWidth }, 9, {
    lines: 1,
  });

  const terms = paragraphs(voucher.legalText);
  if (terms) box(doc, fonts, terms, { x: LEFT, y: TERMS_Y, width: WIDTH }, 8.5, { height: TERMS_HEIGHT });
  pageFooter(doc, fonts, [...addressLines(provider), siteLabel(provider.siteUrl)], FOOTER_Y);
  doc.fillColor('black');
  return finish();
}
