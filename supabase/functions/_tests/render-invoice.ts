// Renders one invoice PDF with the functions' own code and writes it to stdout, for
// tests/functions/invoice-pdf-scripts.test.ts (which reads its text and QR code with MuPDF in Node).
// Usage: deno run --allow-read render-invoice.ts '<participant name>' '<event title>'
import { renderInvoicePdf } from '../_shared/invoice.ts';

const [participantName = 'Anna Muster', eventTitle = 'Fondue im Hüsli'] = Deno.args;
const pdf = await renderInvoicePdf(
  {
    reference: '000000000000000000001234565',
    dueDate: '2026-12-04',
    amountCents: 9000,
    currency: 'CHF',
    issuedOn: '2026-11-24',
    creditor: {
      name: 'Sinneswerk GmbH',
      street: 'Dorfstrasse',
      buildingNumber: '12',
      postalCode: '5034',
      city: 'Suhr',
      country: 'CH',
      iban: 'CH4431999123000889012',
    },
  },
  {
    bookingReference: 'SW-7K3M',
    participantName,
    participantEmail: 'gast@example.ch',
    eventTitle,
    startDate: '2026-12-05',
    endDate: null,
    persons: 2,
    price: 45,
  },
);
await Deno.stdout.write(pdf);
