// German (de-CH) texts for mails and the site (the site imports them as @common/format.ts; the dates
// are in calendar-dates.ts, which src/lib/dates shares). Runtime-neutral: no Deno or npm imports,
// so it can be tested anywhere and bundled for the browser; the formatters are marked pure.

export { formatDateLong, formatDateRange, parseCalendarDate } from './calendar-dates.ts';

/** '1 Person', '3 Personen': the site, the admin and the mails count persons with these words. */
export function personsLabel(count: number): string {
  return count === 1 ? '1 Person' : `${count} Personen`;
}

/** '1 Buchung', '3 Buchungen'. */
export function bookingsLabel(count: number): string {
  return count === 1 ? '1 Buchung' : `${count} Buchungen`;
}

/**
 * Seats freed for a waiting-list entry, in words that agree with the number (issue 26):
 * `seats` '1 Platz' / '2 Plätze', `are` 'ist ein Platz' / 'sind 2 Plätze', `heading`
 * 'Ein Platz ist frei geworden' / '2 Plätze sind frei geworden', `go` 'geht der Platz' /
 * 'gehen die Plätze', `them` 'ihn' / 'sie'.
 */
export function freedSeatsText(count: number): {
  seats: string;
  are: string;
  heading: string;
  go: string;
  them: string;
} {
  if (count === 1) {
    return {
      seats: '1 Platz',
      are: 'ist ein Platz',
      heading: 'Ein Platz ist frei geworden',
      go: 'geht der Platz',
      them: 'ihn',
    };
  }
  return {
    seats: `${count} Plätze`,
    are: `sind ${count} Plätze`,
    heading: `${count} Plätze sind frei geworden`,
    go: 'gehen die Plätze',
    them: 'sie',
  };
}

// formatDateTime (a moment in Zurich, 'dd.MM.yyyy HH:mm') is in zurich-time.ts, for site and mails.
export { formatDateTime } from './zurich-time.ts';

function amountOf(amount: number | string | null | undefined): number {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/** Swiss grouping with '’' of a whole, non-negative number: '1’775'. */
function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '’');
}

/**
 * A whole number (rounded) grouped as formatChf groups francs: '1’775', '-12'. Chart labels and
 * counts use it, so a figure reads the same in a chart as on a card (Intl's de-CH would write
 * "1'775" in Chromium and Node).
 */
export function formatWholeNumber(amount: number | string | null | undefined): string {
  const value = Math.round(amountOf(amount));
  return `${value < 0 ? '-' : ''}${groupThousands(Math.abs(value))}`;
}

/**
 * Two decimals and Swiss grouping with '’' (CLDR's de-CH): 'CHF 1’250.00'. Written out rather
 * than with Intl.NumberFormat, for two reasons: ICU versions disagree on the separator (Deno
 * writes '’', Node 20 and Debian's Chromium "'"), so the site and the mails would differ; and the
 * first Intl call of a page loads the browser's ICU data, a blocking 150-370 ms on a mobile CPU
 * during hydration. tests/unit/common/money.test.ts compares it with Intl's output.
 */
export function formatChf(amount: number | string | null | undefined): string {
  const value = amountOf(amount);
  // Rounded half away from zero on the decimal value, as Intl does: 1.005 is 1.01, not 1.00.
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  const whole = groupThousands(Math.floor(cents / 100));
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `CHF ${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** A price per person; 'Kostenlos' for a free event instead of 'CHF 0.00'. */
export function formatPrice(amount: number | string | null | undefined): string {
  return amountOf(amount) === 0 ? 'Kostenlos' : formatChf(amount);
}

/** An event's price in its listing: 'ab CHF 25.00' with ticket types (their lowest), else formatPrice. */
export function formatEventPrice(price: number, priceFrom: number | null): string {
  return priceFrom === null || priceFrom === 0
    ? formatPrice(priceFrom ?? price)
    : `ab ${formatChf(priceFrom)}`;
}

/** A booking's tickets of one type as booked (issue 28, private.booking_ticket_lines). */
export interface TicketLine {
  name: string;
  persons: number;
  price_cents: number;
}

/** '2 × Erwachsene à CHF 45.00, 1 × Kinder (5–12) à CHF 25.00': the tickets, one type after another. */
export function formatTickets(lines: readonly TicketLine[]): string {
  return lines
    .map((line) => `${line.persons} × ${line.name} à ${formatChf(line.price_cents / 100)}`)
    .join(', ');
}

/** '2 × Erwachsene, 1 × Kinder (5–12)': who comes in, without prices (the door). */
export function formatTicketCounts(lines: readonly Pick<TicketLine, 'name' | 'persons'>[]): string {
  return lines.map((line) => `${line.persons} × ${line.name}`).join(', ');
}

/**
 * The price before any discount: the tickets' sum for a booking with ticket types, else
 * price × persons ('2 × CHF 95.00 = CHF 190.00'). The database's private.booking_gross_cents.
 */
export function formatGross(
  price: number | string | null | undefined,
  persons: number,
  tickets?: readonly TicketLine[] | null,
): string {
  if (!tickets || tickets.length === 0) return formatTotal(price, persons);
  return formatChf(ticketsGrossCents(tickets) / 100);
}

/** The tickets' sum in centimes (private.booking_gross_cents for a booking with types). */
export function ticketsGrossCents(tickets: readonly Pick<TicketLine, 'persons' | 'price_cents'>[]): number {
  return tickets.reduce((sum, line) => sum + line.persons * line.price_cents, 0);
}

/** A booking's total: 'CHF 95.00' for one person, '2 × CHF 95.00 = CHF 190.00', or 'Kostenlos'. */
export function formatTotal(amount: number | string | null | undefined, persons: number): string {
  const each = amountOf(amount);
  if (each === 0) return 'Kostenlos';
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

/**
 * How a booking was actually paid (public.payments.method, the admin_bookings view's paid_method):
 * TWINT apart from card, so the receipt, the confirmation page and the CSV never call a TWINT
 * payment a card payment (issue 24).
 */
const PAID_METHODS: Record<string, string> = {
  card: 'Karte',
  twint: 'TWINT',
  invoice: 'Rechnung',
  onsite: 'Vor Ort',
  voucher: 'Gutschein',
};

export function paidMethodLabel(method: string): string {
  return PAID_METHODS[method] ?? method;
}

/** 'Online-Zahlung (TWINT)', 'Online-Zahlung (Karte)': an online payment with the method Stripe reported. */
export function onlinePaymentLabel(method: 'card' | 'twint' | string | null | undefined): string {
  return method === 'card' || method === 'twint'
    ? `Online-Zahlung (${paidMethodLabel(method)})`
    : paymentMethodLabel('stripe');
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUSES[status] ?? status;
}
