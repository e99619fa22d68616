// 'Finanzen': the rows of admin_finance_report and admin_finance_export as the page and the
// bookkeeper's CSV use them. Cents stay integers; the SQL function sums (bigint arrives as text).

import { formatReference } from 'swissqrbill/utils';
import type { Database } from '@common/database.ts';
import { toCsv } from '@/lib/csv';
import { formatDateShort } from '@/lib/dates';

// The generated types call every column of a set-returning function non-null; these say which
// ones SQL leaves null (a month row has no event, a card payment no QR or bank reference) and
// that a bigint sum may arrive as text. The generated rows are assignable to them.
type GeneratedReportRow = Database['public']['Functions']['admin_finance_report']['Returns'][number];
type GeneratedExportRow = Database['public']['Functions']['admin_finance_export']['Returns'][number];
type Cents = number | string;
export type ReportRow = Omit<
  GeneratedReportRow,
  'month' | 'event_id' | 'event_title' | 'event_date' | `${string}_cents`
> & {
  month: string | null;
  event_id: string | null;
  event_title: string | null;
  event_date: string | null;
  booked_cents: Cents;
  received_card_cents: Cents;
  received_twint_cents: Cents;
  received_invoice_cents: Cents;
  received_onsite_cents: Cents;
  received_cents: Cents;
  refunded_cents: Cents;
  open_cents: Cents;
  voucher_cents: Cents;
  discount_cents: Cents;
};
export type ExportRow = Omit<
  GeneratedExportRow,
  'qr_reference' | 'event_date' | 'stripe_fee_cents' | 'bank_reference'
> & {
  qr_reference: string | null;
  event_date: string | null;
  stripe_fee_cents: number | null;
  bank_reference: string | null;
};

export interface FinanceFigures {
  bookedCents: number;
  /** What discount codes and staff concessions took off the bookings (booked is after them). */
  discountCents: number;
  receivedCents: number;
  /** Received by payment method. */
  cardCents: number;
  twintCents: number;
  invoiceCents: number;
  onsiteCents: number;
  /** Paid with gift vouchers (less returns onto them): part of what was booked, no money received. */
  voucherCents: number;
  refundedCents: number;
  openCents: number;
}

export interface FinanceMonth extends FinanceFigures {
  /** First day of the month, 'yyyy-MM-dd'. */
  month: string;
}

export interface FinanceEvent extends FinanceFigures {
  eventId: string;
  title: string;
  startDate: string | null;
}

export interface FinanceReport {
  months: FinanceMonth[];
  events: FinanceEvent[];
  total: FinanceFigures;
}

const ZERO: FinanceFigures = {
  bookedCents: 0,
  discountCents: 0,
  receivedCents: 0,
  cardCents: 0,
  twintCents: 0,
  invoiceCents: 0,
  onsiteCents: 0,
  voucherCents: 0,
  refundedCents: 0,
  openCents: 0,
};

function figures(row: ReportRow): FinanceFigures {
  return {
    bookedCents: Number(row.booked_cents),
    discountCents: Number(row.discount_cents),
    receivedCents: Number(row.received_cents),
    cardCents: Number(row.received_card_cents),
    twintCents: Number(row.received_twint_cents),
    invoiceCents: Number(row.received_invoice_cents),
    onsiteCents: Number(row.received_onsite_cents),
    voucherCents: Number(row.voucher_cents),
    refundedCents: Number(row.refunded_cents),
    openCents: Number(row.open_cents),
  };
}

export function toFinanceReport(rows: ReportRow[]): FinanceReport {
  const report: FinanceReport = { months: [], events: [], total: ZERO };
  for (const row of rows) {
    if (row.scope === 'month' && row.month) report.months.push({ month: row.month, ...figures(row) });
    else if (row.scope === 'event' && row.event_id)
      report.events.push({
        eventId: row.event_id,
        title: row.event_title ?? 'Event gelöscht',
        startDate: row.event_date,
        ...figures(row),
      });
    else if (row.scope === 'total') report.total = figures(row);
  }
  return report;
}

// A month is a calendar date without a time zone: formatted in UTC it stays the same month.
const MONTH_LONG = new Intl.DateTimeFormat('de-CH', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH_SHORT = new Intl.DateTimeFormat('de-CH', { month: 'short', timeZone: 'UTC' });

/** 'November 2026'. */
export function monthLabel(month: string): string {
  return MONTH_LONG.format(new Date(`${month.slice(0, 10)}T00:00:00Z`));
}

/** 'Nov.' under a bar. */
export function monthShortLabel(month: string): string {
  return MONTH_SHORT.format(new Date(`${month.slice(0, 10)}T00:00:00Z`));
}

const METHOD_LABELS: Record<string, string> = {
  card: 'Karte',
  twint: 'TWINT',
  invoice: 'Rechnung',
  onsite: 'Vor Ort',
  voucher: 'Gutschein',
  manual: 'Von Hand',
};

export function financeMethodLabel(method: string): string {
  return METHOD_LABELS[method] ?? method;
}

/** The export's kinds of row (admin_finance_export). */
const FINANCE_KINDS: Record<string, string> = {
  payment: 'Zahlung',
  refund: 'Rückerstattung',
  voucher_sale: 'Gutscheinverkauf',
};

const HEADER = [
  'Datum',
  'Art',
  'Buchungsreferenz',
  'QR-Referenz',
  'Event',
  'Eventdatum',
  'Zahlungsart',
  'Brutto (CHF)',
  'Rückerstattung (CHF)',
  'Stripe-Gebühr (CHF)',
  'Bankreferenz',
];

/** Cents as a plain decimal ('1250.00'), as in the participants CSV: a spreadsheet reads a number. */
function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The bookkeeper's file: one row per payment, refund and voucher sold (cells defused by toCsv). */
export function financeToCsv(rows: ExportRow[]): string {
  return toCsv(
    HEADER,
    rows.map((row) => [
      formatDateShort(row.entry_date),
      FINANCE_KINDS[row.kind] ?? row.kind,
      row.booking_reference,
      // Grouped as on the QR bill and in the participants CSV, so it reads like the bank's.
      row.qr_reference ? formatReference(row.qr_reference) : '',
      row.event_title,
      row.event_date ? formatDateShort(row.event_date) : '',
      financeMethodLabel(row.method),
      row.gross_cents ? amount(row.gross_cents) : '',
      row.refund_cents ? amount(row.refund_cents) : '',
      row.stripe_fee_cents === null ? '' : amount(row.stripe_fee_cents),
      row.bank_reference ?? '',
    ]),
  );
}
