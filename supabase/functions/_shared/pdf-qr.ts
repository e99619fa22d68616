import { encode } from 'npm:uqr@0.1.3';
import { TICKET_QR_OPTIONS } from '@common/ticket-qr.ts';
import type { PdfDoc } from './pdf-document.ts';

// A QR code on a PDF page (the gift voucher's code, the booking's ticket): drawn as vectors, so it
// stays sharp at any print size.

/**
 * The QR code with the tickets' error correction and quiet zone (@common/ticket-qr.ts): the code
 * `size` pt wide, its dark modules starting at (x, y), the quiet zone around them left white (it
 * may reach into the page margin).
 */
export function drawQr(doc: PdfDoc, text: string, x: number, y: number, size: number) {
  const qr = encode(text, TICKET_QR_OPTIONS);
  const module = size / (qr.size - 2 * TICKET_QR_OPTIONS.border);
  x -= TICKET_QR_OPTIONS.border * module;
  y -= TICKET_QR_OPTIONS.border * module;
  qr.data.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c += 1;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c += 1;
      // Runs drawn as one rectangle leave no hairline seams between modules when rasterised.
      doc.rect(x + start * module, y + r * module, (c - start) * module, module);
    }
  });
  doc.fillColor('black').fill();
}
