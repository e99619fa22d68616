// Renders one invoice PDF with the functions' own code and writes it to stdout, for
// tests/functions/invoice-pdf-scripts.test.ts (which reads its text and QR code with MuPDF in Node).
// Usage: deno run --allow-read render-invoice.ts '<participant name>' '<event title>'
import { bookingInvoice, renderInvoicePdf } from '../_shared/invoice.ts';
import { sampleInvoice } from './sample-invoice.ts';

const [participantName = 'Anna Muster', eventTitle = 'Fondue im Hüsli'] = Deno.args;
const pdf = await renderInvoicePdf(
  sampleInvoice,
  bookingInvoice({
    bookingReference: 'SW-7K3M',
    participantName,
    participantEmail: 'gast@example.ch',
    eventTitle,
    startDate: '2026-12-05',
    endDate: null,
    persons: 2,
    price: 45,
  }),
);
await Deno.stdout.write(pdf);
