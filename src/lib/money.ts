// CHF amounts with two decimals and Swiss grouping, e.g. "CHF 1'250.00" (what Intl's de-CH gives,
// and the mails use). Written out rather than Intl.NumberFormat: the first Intl call of a page loads
// the browser's ICU data, a blocking 150-370 ms on a mobile CPU during hydration (see
// zurich-time.ts). tests/unit/lib/money.test.ts checks it against Intl's output.
function groupedAmount(value: number): string {
  // Rounded half away from zero on the decimal value, as Intl does: 1.005 is 1.01, not 1.00.
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

function toNumber(amount: number | string | null | undefined): number {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return Number.isFinite(value) ? value : 0;
}

export function formatChf(amount: number | string | null | undefined): string {
  return `CHF ${groupedAmount(toNumber(amount))}`;
}

/** An event's price per person: 'Kostenlos' for a free event instead of 'CHF 0.00'. */
export function formatPrice(price: number | string | null | undefined): string {
  return toNumber(price) === 0 ? 'Kostenlos' : formatChf(price);
}

/** What a booking costs: 'CHF 95.00' for one person, '2 × CHF 95.00 = CHF 190.00' for more. */
export function formatTotal(price: number | string | null | undefined, persons: number): string {
  const each = toNumber(price);
  if (each === 0) return 'Kostenlos';
  if (persons <= 1) return formatChf(each);
  return `${persons} × ${formatChf(each)} = ${formatChf(Math.round(each * persons * 100) / 100)}`;
}
