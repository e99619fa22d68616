import type { VoucherOrderValues } from './order-values';

// The order as typed, kept in this tab while the buyer is at Stripe: coming back without paying
// ('Zurück' on Stripe's page, ?bestellung=abgebrochen) finds the form filled in again. Cleared
// once the payment is through.

const KEY = 'gutschein-bestellung';

export function keepOrderDraft(values: VoucherOrderValues): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // Storage refused (private mode, full): the order itself is unaffected.
  }
}

export function takeOrderDraft(): VoucherOrderValues | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    return kept ? (JSON.parse(kept) as VoucherOrderValues) : null;
  } catch {
    return null;
  }
}

export function dropOrderDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
