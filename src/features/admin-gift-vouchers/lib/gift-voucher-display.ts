import type { GiftVoucher, GiftVoucherOrder, GiftVoucherUse } from '../types';

/** What the list says of a voucher; only 'void' is stored, the rest follows from balance and date. */
export type GiftVoucherState = 'active' | 'void' | 'expired' | 'redeemed';

export const STATE_LABELS: Record<GiftVoucherState, string> = {
  active: 'Aktiv',
  void: 'Ungültig',
  expired: 'Abgelaufen',
  redeemed: 'Eingelöst',
};

/**
 * Void first (the team's decision), then used up: a voucher with nothing left is 'Eingelöst'
 * whatever its date. A voucher is valid through its last day (`today` in Zurich, 'yyyy-MM-dd'),
 * as private.checked_gift_voucher decides.
 */
export function giftVoucherState(
  voucher: Pick<GiftVoucher, 'status' | 'balance_cents' | 'valid_until'>,
  today: string,
): GiftVoucherState {
  if (voucher.status === 'void') return 'void';
  if (voucher.balance_cents <= 0) return 'redeemed';
  if (voucher.valid_until < today) return 'expired';
  return 'active';
}

export function kindText(voucher: Pick<GiftVoucher, 'kind' | 'title'>): string {
  return voucher.kind === 'offer' ? `Angebotsgutschein: ${voucher.title}` : 'Wertgutschein';
}

export function historyKindText(kind: GiftVoucherUse['kind']): string {
  return kind === 'returned' ? 'Gutgeschrieben' : 'Eingelöst';
}

// Codes are typed with or without dashes, in any case ('gs abcd'): compare letters and digits only.
const codeKey = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Whether a voucher matches the search field: part of its code or of the recipient's name. */
export function matchesSearch(voucher: Pick<GiftVoucher, 'code' | 'recipient_name'>, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (!text) return true;
  const code = codeKey(text);
  return (
    (code !== '' && codeKey(voucher.code).includes(code)) ||
    voucher.recipient_name.toLowerCase().includes(text)
  );
}

export const ORDER_STATE_LABELS: Record<string, string> = {
  open: 'Offen',
  paid: 'Bezahlt',
  expired: 'Abgelaufen',
};

/** What was bought: the offer's title as ordered (it stays when the offer changes), or the value voucher. */
export function orderWhatText(order: Pick<GiftVoucherOrder, 'kind' | 'title'>): string {
  return order.kind === 'offer' ? `Angebotsgutschein: ${order.title}` : 'Wertgutschein';
}

/** To whom the voucher goes: without a recipient address it is mailed to the buyer. */
export function orderRecipientText(
  order: Pick<GiftVoucherOrder, 'recipient_name' | 'recipient_email'>,
): string {
  const name = order.recipient_name || 'ohne Namen';
  return order.recipient_email
    ? `${name}, ${order.recipient_email}`
    : `${name} (per E-Mail an die Käuferin / den Käufer)`;
}
