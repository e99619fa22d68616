// CHF amounts with two decimals and Swiss grouping, e.g. 'CHF 1’250.00'.
const chf = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function toNumber(amount: number | string | null | undefined): number {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return Number.isFinite(value) ? value : 0;
}

export function formatChf(amount: number | string | null | undefined): string {
  return `CHF ${chf.format(toNumber(amount))}`;
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
