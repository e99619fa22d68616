import { formatWholeNumber } from '@common/format.ts';

// The order form's values and the shop it is filled against; no zod here, so the form can paint
// and hydrate without it (the schema loads with the first validation: order-schema.ts).

/** What /gutscheine sells (public.gift_voucher_shop): the value voucher's limits and the offers. */
export interface VoucherShop {
  min_cents: number;
  max_cents: number;
  validity_years: number;
  offers: VoucherOffer[];
  /** Which ways to pay are set up (the payment-options function): Stripe's keys, the creditor. */
  payment: { stripe: boolean; invoice: boolean };
}

export type VoucherPayment = 'stripe' | 'invoice';

export interface VoucherOffer {
  id: string;
  title: string;
  description: string;
  price_cents: number;
}

/** 'value' (an amount of the buyer's choice) or an offer's id. */
export const VALUE_VOUCHER = 'value';

export interface VoucherOrderValues {
  choice: string;
  /** Whole francs as typed ('150'); only for a value voucher. */
  amount: string;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  /** 'buyer': the voucher comes to the buyer to print or forward; 'recipient': straight to them. */
  deliverTo: 'buyer' | 'recipient';
  recipientEmail: string;
  /** yyyy-mm-dd, the day the voucher is mailed. */
  sendOn: string;
  message: string;
  paymentMethod: VoucherPayment;
}

export function emptyOrder(today: string): VoucherOrderValues {
  return {
    choice: VALUE_VOUCHER,
    amount: '',
    buyerName: '',
    buyerEmail: '',
    recipientName: '',
    deliverTo: 'buyer',
    recipientEmail: '',
    sendOn: today,
    message: '',
    paymentMethod: 'stripe',
  };
}

/** The last day a voucher can be sent on (public.order_gift_voucher: at most 366 days ahead). */
export function lastSendDay(today: string): string {
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 366);
  return day.toISOString().slice(0, 10);
}

export const MESSAGE_MAX_LENGTH = 500;

/** 'Zwischen CHF 20 und CHF 1’000, in ganzen Franken.' */
export function amountRule(shop: Pick<VoucherShop, 'min_cents' | 'max_cents'>): string {
  const francs = (cents: number) => `CHF ${formatWholeNumber(cents / 100)}`;
  return `Zwischen ${francs(shop.min_cents)} und ${francs(shop.max_cents)}, in ganzen Franken.`;
}
