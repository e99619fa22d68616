import { Buffer } from 'node:buffer';
import { SwissQRBill } from 'npm:swissqrbill@4/pdf';
import { formatReference } from 'npm:swissqrbill@4/utils';
export { ValidationError } from 'npm:swissqrbill@4/errors';
import { formatChf, formatDateLong, formatDateRange } from '@common/format.ts';
import type { MailAttachment } from './mail.ts';
import type { MailInvoice } from './mail-payloads.ts';
import { addressLines, printText, startPdf } from './pdf-document.ts';
import { PDF_FONT } from './pdf-fonts.ts';
import { toQrBillCharset } from './qr-charset.ts';

// The invoice of a registration paid by invoice ('Rechnung (QR-Rechnung)', issue 15) or of a gift
// voucher bought by invoice (issue 28): an A4 PDF with what it is for and a Swiss QR bill (payment
// part and receipt) for the total, made with the swissqrbill package on PDFKit. Everything it
// shows comes from the outbox payload (SQL private.invoice_mail_payload,
// private.gift_voucher_invoice_payload), so every try renders the same bytes.

/** What an invoice is for: whom it is addressed to, its lines, and the QR bill's message. */
export interface InvoiceSubject {
  debtorName: string;
  debtorEmail: string;
  /** The booking's or order's number: ['Buchungsnummer', 'SW-7K3M']. */
  number: [string, string];
  /** The lines between the reference and the total. */
  rows: [string, string][];
  /** The message on the QR bill (at most 140 characters). */
  message: string;
}

export interface InvoiceBooking {
  /** The booking reference (SW-7K3M). */
  bookingReference: string;
  participantName: string;
  participantEmail: string;
  eventTitle: string;
  startDate: string | null;
  endDate: string | null;
  persons: number;
  /** Price per person in CHF. */
  price: number | string;
}

/** A booking's invoice: the event, its date and the persons. */
export function bookingInvoice(booking: InvoiceBooking): InvoiceSubject {
  return {
    debtorName: booking.participantName,
    debtorEmail: booking.participantEmail,
    number: ['Buchungsnummer', booking.bookingReference ?? ''],
    rows: [
      ['Event', booking.eventTitle],
      ['Event-Datum', formatDateRange(booking.startDate, booking.endDate)],
      ['Personen', `${booking.persons} × ${formatChf(Number(booking.price))}`],
    ],
    message: `Anmeldung ${booking.eventTitle}`.slice(0, 140),
  };
}

/** The PDF as bytes. */
export async function renderInvoicePdf(invoice: MailInvoice, subject: InvoiceSubject): Promise<Uint8Array> {
  const { doc, fonts, finish } = await startPdf({
    Title: `Rechnung ${formatReference(invoice.reference)}`,
    Author: invoice.creditor.name,
    day: invoice.issuedOn,
  });

  const amount = invoice.amountCents / 100;
  doc.fontSize(10);
  printText(doc, fonts, addressLines(invoice.creditor).join('\n'));
  doc.moveDown(2);
  // The name as typed, in whatever script (the QR bill below carries no debtor).
  printText(doc, fonts, `${subject.debtorName}\n${subject.debtorEmail}`);
  // The heading is a fixed Latin word: PDFKit's built-in Helvetica-Bold prints it without a font
  // file (names and titles use the embedded Unicode fonts).
  doc.moveDown(2).font('Helvetica-Bold').fontSize(16).text('Rechnung');
  doc.moveDown(0.5).font(PDF_FONT).fontSize(10);
  const rows: [string, string][] = [
    ['Datum', formatDateLong(invoice.issuedOn)],
    subject.number,
    ['Referenz', formatReference(invoice.reference)],
    ...subject.rows,
    ['Total', formatChf(amount)],
    ['Zahlbar bis', formatDateLong(invoice.dueDate)],
  ];
  for (const [label, value] of rows) {
    if (!value) continue;
    const y = doc.y;
    doc.text(label, 56, y, { width: 110 });
    printText(doc, fonts, value, { x: 170, y }, { width: 370 });
  }
  doc
    .moveDown(1.5)
    .text(
      `Bitte bezahle den Betrag bis ${formatDateLong(invoice.dueDate)} mit dem QR-Einzahlungsschein unten ` +
        '(in der Banking-App scannen). Vielen Dank!',
      56,
      doc.y,
      { width: 480 },
    );

  const c = invoice.creditor;
  new SwissQRBill(
    {
      currency: invoice.currency,
      amount,
      reference: invoice.reference,
      // The QR bill's text fields in its character set (qr-charset.ts).
      message: toQrBillCharset(subject.message),
      creditor: {
        account: c.iban,
        name: toQrBillCharset(c.name),
        address: toQrBillCharset(c.street),
        buildingNumber: toQrBillCharset(c.buildingNumber) || undefined,
        zip: toQrBillCharset(c.postalCode),
        city: toQrBillCharset(c.city),
        country: c.country,
      },
    },
    // The payment part keeps Helvetica, as its style guide asks; its fields fit (qr-charset.ts).
    { language: 'DE' },
  ).attachTo(doc);
  return finish();
}

/** The PDF as a mail attachment ('Rechnung-<reference>.pdf'). */
export async function invoiceAttachment(
  invoice: MailInvoice,
  subject: InvoiceSubject,
): Promise<MailAttachment> {
  const pdf = await renderInvoicePdf(invoice, subject);
  return {
    filename: `Rechnung-${invoice.reference}.pdf`,
    content: Buffer.from(pdf).toString('base64'),
    contentType: 'application/pdf',
  };
}
