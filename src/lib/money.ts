// CHF amounts with two decimals and Swiss grouping, e.g. 'CHF 1’250.00'.
const chf = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatChf(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return `CHF ${chf.format(Number.isFinite(value) ? value : 0)}`;
}
