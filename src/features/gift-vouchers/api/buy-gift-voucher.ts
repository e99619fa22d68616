import { visitorErrorMessage, errorCode } from '@/lib/error-codes';
import { classifyFunctionError } from '@/lib/function-failure';
import { loadSupabase } from '@/lib/load-supabase';
import { VALUE_VOUCHER, type VoucherOrderValues } from '../order-values';

// 'Weiter zur Zahlung': buy-gift-voucher stores the order and answers Stripe Checkout's address
// (or, by invoice, that the QR bill is on its way).
// A refusal comes back naming the form's field where it belongs, in German.

export type OrderOutcome =
  /** Card or TWINT: on to Stripe Checkout. */
  | { ok: true; url: string }
  /** By invoice: the QR bill is on its way to the buyer. */
  | { ok: true; invoice: { reference: string; dueDate: string } }
  | { ok: false; message: string; field?: keyof VoucherOrderValues };

const UNAVAILABLE =
  'Die Bestellung konnte gerade nicht gesendet werden. Deine Angaben sind noch da; bitte versuche es erneut.';

/** The form's field for a field of the request (the function's or the database's `detail`). */
const FIELDS: Record<string, keyof VoucherOrderValues> = {
  amount: 'amount',
  amountCents: 'amount',
  offerId: 'choice',
  buyerName: 'buyerName',
  buyerEmail: 'buyerEmail',
  recipientName: 'recipientName',
  recipientEmail: 'recipientEmail',
  message: 'message',
  sendOn: 'sendOn',
  paymentMethod: 'paymentMethod',
};

/** The database's own refusals of a field (INVALID_INPUT carries no German text of its own). */
const FIELD_MESSAGES: Partial<Record<keyof VoucherOrderValues, string>> = {
  amount:
    'Dieser Betrag ist nicht möglich. Bitte wähle einen Betrag in ganzen Franken innerhalb der Grenzen.',
  sendOn: 'Bitte wähle einen Versandtag ab heute und höchstens ein Jahr im Voraus.',
  paymentMethod: 'Diese Zahlungsart ist zurzeit nicht möglich. Bitte wähle eine andere.',
};

export function orderRequest(values: VoucherOrderValues) {
  const value = values.choice === VALUE_VOUCHER;
  return {
    offerId: value ? null : values.choice,
    amountCents: value ? Number(values.amount) * 100 : null,
    buyerName: values.buyerName,
    buyerEmail: values.buyerEmail,
    recipientName: values.recipientName,
    recipientEmail: values.deliverTo === 'recipient' ? values.recipientEmail : '',
    message: values.message,
    sendOn: values.sendOn,
    paymentMethod: values.paymentMethod,
  };
}

function refusal(body: unknown): OrderOutcome {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code = errorCode(typeof answer.code === 'string' ? answer.code : null);
  const detail = typeof answer.detail === 'string' ? answer.detail : null;
  const field = detail ? FIELDS[detail] : code === 'GIFT_VOUCHER_OFFER_GONE' ? 'choice' : undefined;
  const text = typeof answer.error === 'string' && answer.error !== code ? answer.error : null;
  const message =
    text ?? (field ? FIELD_MESSAGES[field] : undefined) ?? visitorErrorMessage(code) ?? UNAVAILABLE;
  return { ok: false, message, field };
}

export async function buyGiftVoucher(values: VoucherOrderValues, altcha: string): Promise<OrderOutcome> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<{
    url?: unknown;
    reference?: unknown;
    dueDate?: unknown;
  }>('buy-gift-voucher', {
    body: { ...orderRequest(values), altcha },
  });
  if (error) {
    const failure = await classifyFunctionError(error);
    return failure.kind === 'http' ? refusal(failure.body) : { ok: false, message: UNAVAILABLE };
  }
  if (typeof data?.url === 'string') return { ok: true, url: data.url };
  if (typeof data?.reference === 'string' && typeof data.dueDate === 'string') {
    return { ok: true, invoice: { reference: data.reference, dueDate: data.dueDate } };
  }
  return { ok: false, message: UNAVAILABLE };
}
