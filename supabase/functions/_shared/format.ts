// German (de-CH) texts for mails, matching what the site shows (src/lib/dates, src/lib/money).
// Runtime-neutral: no Deno or npm imports, so it can be tested anywhere.

const longDate = new Intl.DateTimeFormat('de-CH', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const chf = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1 Person', '3 Personen': the site, the admin and the mails count persons with these words. */
export function personsLabel(count: number): string {
  return count === 1 ? '1 Person' : `${count} Personen`;
}

/** 'yyyy-MM-dd' as a calendar date (no time zone shift), or null when malformed. */
export function parseCalendarDate(
  value: string | null | undefined,
): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

/** '5. März 2026'; the site's text for a missing date. */
export function formatDateLong(value: string | null | undefined): string {
  const date = parseCalendarDate(value);
  return date ? longDate.format(new Date(Date.UTC(date.year, date.month - 1, date.day))) : 'Datum folgt';
}

const dateTime = new Intl.DateTimeFormat('de-CH', {
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

export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDateLong(start);
  if (!end || end === start) return from;
  const to = formatDateLong(end);
  return from === to ? from : `${from} – ${to}`;
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
