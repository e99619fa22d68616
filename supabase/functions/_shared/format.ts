// German (de-CH) texts for mails and the site (src/lib/persons re-exports from here; the dates
// are in calendar-dates.ts, which src/lib/dates shares). Runtime-neutral: no Deno or npm imports,
// so it can be tested anywhere and bundled for the browser; the formatters are marked pure.

export { formatDateLong, formatDateRange, parseCalendarDate } from './calendar-dates.ts';

const chf = /* @__PURE__ */ new Intl.NumberFormat('de-CH', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '1 Person', '3 Personen': the site, the admin and the mails count persons with these words. */
export function personsLabel(count: number): string {
  return count === 1 ? '1 Person' : `${count} Personen`;
}

const dateTime = /* @__PURE__ */ new Intl.DateTimeFormat('de-CH', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Zurich',
});

/** A moment as the provider's clock shows it: '24.11.2026, 08:15'. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

export function formatChf(amount: number | string | null | undefined): string {
  const value = Number(amount ?? 0);
  return `CHF ${chf.format(Number.isFinite(value) ? value : 0)}`;
}

/** A price per person; 'Kostenlos' for a free event (as the site shows it). */
export function formatPrice(amount: number | string | null | undefined): string {
  return Number(amount ?? 0) === 0 ? 'Kostenlos' : formatChf(amount);
}

/** A booking's total: 'CHF 95.00', '2 × CHF 95.00 = CHF 190.00' or 'Kostenlos' (as src/lib/money). */
export function formatTotal(amount: number | string | null | undefined, persons: number): string {
  const each = Number(amount ?? 0);
  if (!Number.isFinite(each) || each === 0) return 'Kostenlos';
  if (persons <= 1) return formatChf(each);
  return `${persons} × ${formatChf(each)} = ${formatChf(Math.round(each * persons * 100) / 100)}`;
}

const PAYMENT_METHODS: Record<string, string> = {
  onsite: 'Vor-Ort-Zahlung (bar oder TWINT)',
  free: 'Kostenlos',
  stripe: 'Online-Zahlung',
  invoice: 'Rechnung (QR-Rechnung)',
};

const PAYMENT_STATUSES: Record<string, string> = {
  paid: 'Bezahlt',
  pending: 'Ausstehend',
  cancelled: 'Storniert',
  refunded: 'Rückerstattet',
};

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHODS[method] ?? method;
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUSES[status] ?? status;
}
