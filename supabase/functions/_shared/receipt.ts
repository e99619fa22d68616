import { Buffer } from 'node:buffer';
import { formatChf, formatDateLong, formatDateRange, paidMethodLabel } from '@common/format.ts';
import { RECEIPT_TITLES, type ReceiptKind } from '@common/receipt-titles.ts';
import type { MailAttachment } from './mail.ts';
import type { MailReceipt } from './mail-payloads.ts';
import { addressLines, printText, startPdf } from './pdf-document.ts';
import { PDF_FONT } from './pdf-fonts.ts';

// The PDF of a recorded payment ('Zahlungsbestätigung') or of a refund ('Gutschrift', the credit
// note), issue 29: the provider with its address and, when set in 'Einstellungen', the VAT number
// and the VAT the amount contains. Made with the invoice's machinery (pdf-document.ts: PDFKit,
// the embedded Unicode fonts, printText); everything comes from the outbox payload, so every try
// renders the same bytes.

export interface ReceiptFacts {
  kind: ReceiptKind;
  receipt: MailReceipt;
  bookingReference: string;
  participantName: string;
  participantEmail: string;
  eventTitle: string;
  startDate: string | null;
  endDate: string | null;
  amountCents: number;
  /** Receipt: card, twint, invoice, onsite; credit note: stripe or transfer. */
  method: string | undefined;
}

const FILE_NAMES: Record<ReceiptKind, string> = {
  receipt: 'Zahlungsbestaetigung',
  credit_note: 'Gutschrift',
};

function methodText(facts: ReceiptFacts): string {
  if (facts.kind === 'credit_note') {
    return facts.method === 'stripe' ? 'zurück auf das Zahlungsmittel der Zahlung' : 'per Banküberweisung';
  }
  return facts.method ? paidMethodLabel(facts.method) : 'Online-Zahlung';
}

/** The VAT a gross amount contains at `rate` percent, in cents (rounded to the cent). */
export function containedVatCents(grossCents: number, ratePercent: number): number {
  return Math.round((grossCents * ratePercent) / (100 + ratePercent));
}

export async function renderReceiptPdf(facts: ReceiptFacts): Promise<Uint8Array> {
  const { provider } = facts.receipt;
  const title = RECEIPT_TITLES[facts.kind];
  const { doc, fonts, finish } = await startPdf({
    Title: `${title} ${facts.receipt.number}`,
    Author: provider.name,
    day: facts.receipt.issuedOn,
  });

  doc.fontSize(10);
  const providerLines = addressLines(provider);
  if (provider.vatUid) providerLines.push(`${provider.vatUid} MWST`);
  printText(doc, fonts, providerLines.join('\n'));
  doc.moveDown(2);
  printText(doc, fonts, `${facts.participantName}\n${facts.participantEmail}`);
  // A fixed Latin heading in the built-in bold face (names use the embedded Unicode fonts).
  doc.moveDown(2).font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown(0.5).font(PDF_FONT).fontSize(10);
  const amount = formatChf(facts.amountCents / 100);
  const rows: [string, string][] = [
    ['Datum', formatDateLong(facts.receipt.issuedOn)],
    ['Beleg-Nr.', facts.receipt.number],
    ['Buchungsnummer', facts.bookingReference],
    ['Event', facts.eventTitle],
    ['Event-Datum', formatDateRange(facts.startDate, facts.endDate)],
    [facts.kind === 'receipt' ? 'Erhalten' : 'Zurückerstattet', amount],
    [facts.kind === 'receipt' ? 'Zahlungsart' : 'Rückerstattung', methodText(facts)],
  ];
  if (provider.vatUid && provider.vatRatePercent !== null) {
    const vat = containedVatCents(facts.amountCents, provider.vatRatePercent);
    rows.push([
      `MWST ${provider.vatRatePercent.toFixed(1)} %`,
      `${formatChf(vat / 100)} (im Betrag enthalten)`,
    ]);
  }
  for (const [label, value] of rows) {
    if (!value) continue;
    const y = doc.y;
    doc.text(label, 56, y, { width: 110 });
    printText(doc, fonts, value, { x: 170, y }, { width: 370 });
  }
  doc
    .moveDown(1.5)
    .text(
      facts.kind === 'receipt'
        ? `Wir haben ${amount} erhalten. Vielen Dank!`
        : `Wir haben dir ${amount} gutgeschrieben.`,
      56,
      doc.y,
      { width: 480 },
    );
  return finish();
}

/** 'Zahlungsbestaetigung-<booking>-<number>.pdf' / 'Gutschrift-…': the mail's and the download's. */
export function receiptFileName(facts: ReceiptFacts): string {
  return `${FILE_NAMES[facts.kind]}-${facts.bookingReference}-${facts.receipt.number}.pdf`;
}

/** The PDF as a mail attachment. */
export async function receiptAttachment(facts: ReceiptFacts): Promise<MailAttachment> {
  const pdf = await renderReceiptPdf(facts);
  return {
    filename: receiptFileName(facts),
    content: Buffer.from(pdf).toString('base64'),
    contentType: 'application/pdf',
  };
}
