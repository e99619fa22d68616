import { describe, expect, it } from 'vitest';
import {
  financeToCsv,
  monthLabel,
  toFinanceReport,
  type ExportRow,
  type ReportRow,
} from '@/features/admin-finance/lib/finance';

const payment: ExportRow = {
  kind: 'payment',
  entry_date: '2026-11-03',
  booking_reference: 'SW-BEN2',
  qr_reference: '210000000003139471430009017',
  event_title: 'Breathwork & Brunch',
  event_date: '2026-12-05',
  method: 'invoice',
  gross_cents: 9000,
  refund_cents: 0,
  stripe_fee_cents: null,
  bank_reference: 'BANK-1',
};

describe("the bookkeeper's CSV", () => {
  const csv = financeToCsv([
    payment,
    {
      ...payment,
      kind: 'refund',
      entry_date: '2026-11-10',
      booking_reference: 'SW-7K3M',
      qr_reference: null,
      event_title: '=HYPERLINK("x")',
      method: 'card',
      gross_cents: 0,
      refund_cents: 2550,
      bank_reference: null,
    },
    {
      ...payment,
      kind: 'voucher_sale',
      entry_date: '2026-11-12',
      booking_reference: 'GB-7K3MQ9TX',
      qr_reference: null,
      event_title: 'Geschenkgutschein',
      event_date: null,
      method: 'twint',
      gross_cents: 15000,
      stripe_fee_cents: 285,
      bank_reference: null,
    },
  ]);
  const lines = csv.slice(1).split('\r\n');

  it('is the participants CSV format: BOM, semicolons, quoted cells, CRLF', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe(
      '"Datum";"Art";"Buchungsreferenz";"QR-Referenz";"Event";"Eventdatum";"Zahlungsart";"Brutto (CHF)";"Rückerstattung (CHF)";"Stripe-Gebühr (CHF)";"Bankreferenz"',
    );
  });

  it('writes one row per payment and per refund with de-CH dates and plain amounts', () => {
    expect(lines[1]).toBe(
      '"03.11.2026";"Zahlung";"SW-BEN2";"21 00000 00003 13947 14300 09017";"Breathwork & Brunch";"05.12.2026";"Rechnung";"90.00";"";"";"BANK-1"',
    );
    // A formula-like event title is defused by the shared writer.
    expect(lines[2]).toBe(
      '"10.11.2026";"Rückerstattung";"SW-7K3M";"";"\'=HYPERLINK(""x"")";"05.12.2026";"Karte";"";"25.50";"";""',
    );
    // A gift voucher sold: money received, its order's reference and Stripe's fee.
    expect(lines[3]).toBe(
      '"12.11.2026";"Gutscheinverkauf";"GB-7K3MQ9TX";"";"Geschenkgutschein";"";"TWINT";"150.00";"";"2.85";""',
    );
  });
});

describe('the Finanzen report', () => {
  const row = (overrides: Partial<ReportRow>): ReportRow => ({
    scope: 'month',
    month: '2026-11-01',
    event_id: null,
    event_title: null,
    event_date: null,
    booked_cents: 10000,
    received_card_cents: 5000,
    received_twint_cents: 0,
    received_invoice_cents: 2000,
    received_onsite_cents: 0,
    received_cents: 7000,
    refunded_cents: 1000,
    open_cents: 3000,
    voucher_cents: 0,
    discount_cents: 0,
    ...overrides,
  });

  it('splits months, events and the total; bigint sums arrive as text', () => {
    const report = toFinanceReport([
      row({ booked_cents: '10000' }),
      row({ scope: 'event', month: null, event_id: 'e1', event_title: 'Fondue' }),
      row({ scope: 'total', month: null, voucher_cents: '5000', discount_cents: '1150' }),
    ]);
    expect(report.months).toEqual([
      expect.objectContaining({
        month: '2026-11-01',
        bookedCents: 10000,
        receivedCents: 7000,
        invoiceCents: 2000,
      }),
    ]);
    expect(report.events).toEqual([
      expect.objectContaining({ eventId: 'e1', title: 'Fondue', openCents: 3000 }),
    ]);
    expect(report.total.refundedCents).toBe(1000);
    // What gift vouchers paid stands apart from the money received (issue 28).
    expect(report.total).toMatchObject({ voucherCents: 5000, receivedCents: 7000, discountCents: 1150 });
  });

  it('names a month in Swiss German', () => {
    expect(monthLabel('2026-03-01')).toBe('März 2026');
  });
});
