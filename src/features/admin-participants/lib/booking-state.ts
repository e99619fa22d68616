// A booking's status and its money in the admin's words (issue 24): the status says whether the
// booking holds seats, the money comes from payment and refund rows (admin_bookings derives the
// sums). The two are shown apart: a cancelled booking can still have money to give back.

import { formatChf } from '@common/format.ts';
import { paidMethodLabel } from '@common/format.ts';

export const BOOKING_STATUS_LABELS: Record<string, string> = {
  held: 'Reserviert',
  confirmed: 'Bestätigt',
  cancelled: 'Storniert',
  expired: 'Abgelaufen',
};

/**
 * A held booking that pays on site or by invoice is a large visitor booking waiting for the click
 * on the confirm link in its mail (issue 25): freed after 60 minutes without it.
 */
export const AWAITING_CONFIRMATION_LABEL = 'Bestätigung ausstehend';

/**
 * Spec §4: unknown values are shown as they are. With the booking's payment method a held
 * on-site or invoice booking reads 'Bestätigung ausstehend' (an online one stays 'Reserviert').
 */
export function bookingStatusLabel(status: string, paymentMethod?: string): string {
  if (status === 'held' && paymentMethod !== undefined && paymentMethod !== 'stripe')
    return AWAITING_CONFIRMATION_LABEL;
  return BOOKING_STATUS_LABELS[status] ?? status;
}

/** Statuses that hold seats; the others may be reactivated. */
export function holdsSeats(status: string): boolean {
  return status === 'held' || status === 'confirmed';
}

/** The sums admin_bookings derives from the payment and refund rows, in cents. */
export interface BookingMoney {
  owedCents: number;
  paidCents: number;
  refundedCents: number;
  openCents: number;
  excessCents: number;
}

/** Paid minus refunded: what the provider holds of this booking, the most a refund can give back. */
export function balanceCents(money: BookingMoney): number {
  return Math.max(0, money.paidCents - money.refundedCents);
}

/**
 * The money in a few words: 'bezahlt', 'teilweise zurückerstattet', 'zurückerstattet',
 * 'offen CHF 50.00', 'CHF 20.00 zu viel erhalten', or 'nichts offen' when nothing is owed or paid.
 */
export function moneySummary(money: BookingMoney): string {
  const parts: string[] = [];
  const balance = balanceCents(money);
  if (money.refundedCents > 0) parts.push(balance > 0 ? 'teilweise zurückerstattet' : 'zurückerstattet');
  else if (money.paidCents > 0 && money.openCents === 0) parts.push('bezahlt');
  else if (money.paidCents > 0) parts.push(`${cents(money.paidCents)} bezahlt`);
  if (money.openCents > 0) parts.push(`offen ${cents(money.openCents)}`);
  if (money.excessCents > 0) parts.push(`${cents(money.excessCents)} zu viel erhalten`);
  return parts.length > 0 ? parts.join(', ') : 'nichts offen';
}

/** 'CHF 12.50' from cents (the database counts money in cents). */
export function cents(amount: number): string {
  return formatChf(amount / 100);
}

/** The way a booking pays (participants.payment_method). */
const BOOKING_METHOD_LABELS: Record<string, string> = {
  stripe: 'Online',
  onsite: 'Vor Ort',
  free: 'Kostenlos',
  invoice: 'Rechnung',
};

/**
 * 'Online (TWINT)', 'Online (Karte)', 'Rechnung', 'Vor Ort': the booking's way of paying, for an
 * online booking with what Stripe reported it was paid with (just 'Online' while nothing came in).
 */
export function paymentMethodText(method: string, paidMethod: string | null): string {
  const base = BOOKING_METHOD_LABELS[method] ?? method;
  if (method === 'stripe' && (paidMethod === 'card' || paidMethod === 'twint'))
    return `${base} (${paidMethodLabel(paidMethod)})`;
  if (paidMethod && method !== 'stripe' && paidMethod !== method)
    return `${base}, bezahlt: ${paidMethodLabel(paidMethod)}`;
  return base;
}

/** Which way money is recorded by hand for a booking: its own for invoice and on site. */
export function manualPaymentMethod(method: string): 'invoice' | 'onsite' {
  return method === 'invoice' ? 'invoice' : 'onsite';
}

/** Parses 'CHF' input ('12', '12.5', '1’250.00', '12,50') into cents; null when it is not money. */
export function parseChfInput(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^CHF\s*/i, '')
    .replace(/[’'\s]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Cents as the amount fields show them: '12.50'. */
export function centsInput(amount: number): string {
  return (amount / 100).toFixed(2);
}

/** What the booking owes after a change, against what was paid: 'offen CHF 50.00' or an excess. */
export function moneyAfter(owedCents: number, p: BookingMoney): string {
  const balance = balanceCents(p);
  if (owedCents > balance)
    return `Danach offen: ${cents(owedCents - balance)} (Betrag neu ${cents(owedCents)}).`;
  if (owedCents < balance)
    return `Danach ${cents(balance - owedCents)} zu viel bezahlt (Betrag neu ${cents(owedCents)}); Sie können den Überschuss mit «Rückerstatten» zurückgeben.`;
  return `Der Betrag bleibt bei ${cents(owedCents)}; nichts offen.`;
}
