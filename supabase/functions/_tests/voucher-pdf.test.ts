// The gift voucher renderer's checks that need no PDF reader (its layout, text and QR code:
// tests/functions/voucher-pdf.test.ts). Run with the other Deno unit tests
// (tests/functions/deno-unit.test.ts), which also type-checks the renderer this way.
import assert from 'node:assert/strict';
import { shortDate } from '@common/calendar-dates.ts';
import { renderVoucherPdf, type VoucherDocument } from '../_shared/voucher-pdf.ts';

const voucher: VoucherDocument = {
  code: 'GS-7K3M-Q9TX-4HBW-2RPA-XN8D',
  kind: 'value',
  title: '',
  valueCents: 15000,
  validUntil: '2029-11-28',
  recipientName: '',
  message: '',
  buyerName: '',
  legalText: 'Einlösbar für alle Angebote auf der Website. Keine Barauszahlung.',
  issuedAt: '2026-11-24T09:30:00Z',
  provider: {
    name: 'Sinneswerk GmbH',
    street: 'Dorfstrasse',
    buildingNumber: '12',
    postalCode: '5034',
    city: 'Suhr',
    country: 'CH',
    siteUrl: 'https://www.sinneswerk.ch',
  },
};

Deno.test('shortDate writes dd.MM.yyyy', () => {
  assert.equal(shortDate({ year: 2029, month: 3, day: 5 }), '05.03.2029');
  assert.equal(shortDate({ year: 2029, month: 11, day: 28 }), '28.11.2029');
});

Deno.test('renderVoucherPdf makes a PDF, also from a timestamp as the issue date', async () => {
  const pdf = await renderVoucherPdf(voucher);
  assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), '%PDF-');
});

Deno.test('renderVoucherPdf refuses a voucher whose validity is no date', async () => {
  await assert.rejects(renderVoucherPdf({ ...voucher, validUntil: '28.11.2029' }), /validUntil/);
});
