import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, PayloadTooLargeError, readBody, sendJson } from '../http';
import {
  type CheckoutSession,
  type PaymentMethodType,
  publicView,
  type Refund,
  type StripeAccount,
  stripeId,
  unixNow,
} from './account';
import { type FormObject, list, object, parseStripeForm, stringMap, text } from './form-body';

// `/v1`: the part of Stripe's REST API the functions use, answering as Stripe does (objects,
// error bodies, status codes, Idempotency-Key). The official `stripe` client reaches it through
// its host/port/protocol settings (STRIPE_API_URL, see docs/local-stack.md).

const BODY_LIMIT = 1024 * 1024;
const METHOD_TYPES: PaymentMethodType[] = ['card', 'twint'];
/** TWINT's limit per payment (Stripe: CHF 5,000.00). */
const TWINT_MAXIMUM = 500_000;
/** Smallest charge in CHF (and most currencies): 0.50. */
const MINIMUM_AMOUNT = 50;
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }
}

function sendError(res: ServerResponse, error: StripeApiError): void {
  sendJson(res, error.status, {
    error: { type: error.details.type ?? 'invalid_request_error', message: error.message, ...error.details },
  });
}

function missing(param: string): StripeApiError {
  return new StripeApiError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

function noSuch(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
}

export interface ApiContext {
  account: StripeAccount;
  secretKey: string;
  /** Where the hosted checkout page of a session is (the stand-in's own page). */
  checkoutUrl(sessionId: string): string;
}

export async function handleStripeApi(
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  url: URL,
  ctx: ApiContext,
): Promise<void> {
  try {
    authenticate(req, ctx.secretKey);
    const raw = (
      await readBody(req, BODY_LIMIT).catch((error: unknown) => {
        if (error instanceof PayloadTooLargeError) throw new StripeApiError(413, 'Request too large.');
        throw error;
      })
    ).toString('utf8');
    const failed = ctx.account.faults.intercept(() =>
      sendError(res, new StripeApiError(500, 'An unknown error occurred', { type: 'api_error' })),
    );
    if (failed) return;
    await ctx.account.expireDue();

    const method = req.method ?? 'GET';
    const key = method === 'POST' ? idempotencyKey(req) : null;
    const requestFingerprint = `${method} ${subpath} ${raw}`;
    if (key) {
      const earlier = ctx.account.idempotent.get(key);
      if (earlier) {
        if (earlier.request !== requestFingerprint) {
          throw new StripeApiError(
            400,
            'Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than ' +
              `'${key}' if you meant to execute a different request.`,
            { type: 'idempotency_error' },
          );
        }
        sendJson(res, earlier.status, earlier.body, {
          'Idempotent-Replayed': 'true',
          'Idempotency-Key': key,
        });
        return;
      }
    }
    // The official client sends a GET's parameters (expand[]) in the query string.
    const form = parseStripeForm(method === 'GET' ? url.search.slice(1) : raw);
    const body = publicView(await route(method, subpath, form, ctx));
    if (key) ctx.account.idempotent.set(key, { request: requestFingerprint, status: 200, body });
    sendJson(res, 200, body, key ? { 'Idempotency-Key': key } : {});
  } catch (error) {
    if (error instanceof StripeApiError) sendError(res, error);
    else throw error;
  }
}

function authenticate(req: IncomingMessage, secretKey: string): void {
  const token = bearerToken(req);
  if (!token) {
    throw new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (token !== secretKey) {
    throw new StripeApiError(401, `Invalid API Key provided: ${token.slice(0, 8)}${'*'.repeat(8)}`, {
      code: 'api_key_invalid',
    });
  }
}

function idempotencyKey(req: IncomingMessage): string | null {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value.join(',') : value;
  if (key.length > 255) {
    throw new StripeApiError(400, 'Idempotency key length cannot exceed 255 characters.', {
      type: 'idempotency_error',
    });
  }
  return key;
}

async function route(method: string, subpath: string, form: FormObject, ctx: ApiContext): Promise<unknown> {
  const { account } = ctx;
  let match: RegExpExecArray | null;
  if (subpath === '/checkout/sessions' && method === 'POST') return createSession(form, ctx);
  if ((match = /^\/checkout\/sessions\/([^/]+)$/.exec(subpath)) && method === 'GET') {
    return expand(account, publicView(sessionById(account, decodeURIComponent(match[1]!))), form);
  }
  if (
    (match = /^\/(payment_intents|charges|payment_methods|balance_transactions)\/([^/]+)$/.exec(subpath)) &&
    method === 'GET'
  ) {
    const id = decodeURIComponent(match[2]!);
    const found = lookup(account, id);
    if (!found || resourceOf(id) !== match[1]) throw noSuch(RESOURCE_NAMES[match[1]!]!, id, 'id');
    return expand(account, found, form);
  }
  if ((match = /^\/checkout\/sessions\/([^/]+)\/expire$/.exec(subpath)) && method === 'POST') {
    const session = sessionById(account, decodeURIComponent(match[1]!));
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        { code: 'checkout_session_not_open' },
      );
    }
    await account.expire(session);
    return session;
  }
  if (subpath === '/refunds' && method === 'POST') return createRefund(form, account);
  if ((match = /^\/refunds\/([^/]+)$/.exec(subpath)) && method === 'GET') {
    const refund = account.refunds.get(decodeURIComponent(match[1]!));
    if (!refund) throw noSuch('refund', match[1]!, 'id');
    return refund;
  }
  throw new StripeApiError(
    404,
    `Unrecognized request URL (${method}: /v1${subpath}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}

function sessionById(account: StripeAccount, id: string): CheckoutSession {
  const session = account.sessions.get(id);
  if (!session) throw noSuch('checkout.session', id);
  return session;
}

function createSession(form: FormObject, ctx: ApiContext): CheckoutSession {
  const mode = text(form.mode);
  if (!mode) throw missing('mode');
  if (mode !== 'payment') {
    throw new StripeApiError(400, `The stand-in supports only mode=payment, not ${mode}.`, { param: 'mode' });
  }
  const successUrl = text(form.success_url);
  if (!successUrl) throw missing('success_url');
  const items = list(form.line_items);
  if (items.length === 0) throw missing('line_items');
  const lineItems = items.map((item, index) => lineItem(object(item), index));
  const currencies = new Set(lineItems.map((item) => item.currency));
  if (currencies.size > 1) {
    throw new StripeApiError(400, 'All line items must use the same currency.', { param: 'line_items' });
  }
  const currency = lineItems[0]!.currency;
  const amount = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  if (amount < MINIMUM_AMOUNT) {
    throw new StripeApiError(
      400,
      "The Checkout Session's total amount due must add up to at least CHF 0.50",
      {
        code: 'amount_too_small',
      },
    );
  }
  const methodTypes = paymentMethodTypes(form, ctx.account, currency, amount);
  const created = unixNow();
  const expiresAt = expiry(text(form.expires_at), created);
  const id = stripeId('cs_test');
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: text(form.cancel_url) ?? null,
    client_reference_id: text(form.client_reference_id) ?? null,
    created,
    currency,
    customer_email: text(form.customer_email) ?? null,
    expires_at: expiresAt,
    livemode: false,
    locale: text(form.locale) ?? null,
    metadata: stringMap(form.metadata),
    mode: 'payment',
    payment_intent: null,
    allowed_payment_method_types: methodTypes.allowed,
    payment_method_types: methodTypes.offered,
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    url: ctx.checkoutUrl(id),
    line_items_for_page: lineItems.map(({ name, unit_amount, quantity }) => ({
      name,
      unit_amount,
      quantity,
    })),
  };
  ctx.account.sessions.set(id, session);
  return session;
}

function lineItem(item: FormObject | undefined, index: number) {
  const param = `line_items[${index}]`;
  if (!item) throw missing(param);
  if (text(item.price)) throw noSuch('price', text(item.price)!, `${param}[price]`);
  const priceData = object(item.price_data);
  if (!priceData) throw missing(`${param}[price_data]`);
  const currency = text(priceData.currency)?.toLowerCase();
  if (!currency) throw missing(`${param}[price_data][currency]`);
  const unitAmount = Number(text(priceData.unit_amount));
  if (!Number.isInteger(unitAmount) || unitAmount < 0) {
    throw new StripeApiError(400, 'Invalid integer: unit_amount', {
      param: `${param}[price_data][unit_amount]`,
    });
  }
  const name = text(object(priceData.product_data)?.name);
  if (!name) throw missing(`${param}[price_data][product_data][name]`);
  const quantity = Number(text(item.quantity));
  if (!Number.isInteger(quantity) || quantity < 1) throw missing(`${param}[quantity]`);
  return { currency, unit_amount: unitAmount, name, quantity };
}

/** Whether Stripe offers this type for this currency and amount (TWINT: CHF, at most CHF 5,000). */
function eligible(type: PaymentMethodType, currency: string, amount: number): boolean {
  return type !== 'twint' || (currency === 'chf' && amount <= TWINT_MAXIMUM);
}

/**
 * The types the session offers. `allowed_payment_method_types` (API 2026-10-28) filters the
 * account's activated types that suit the currency and amount: TWINT switched off in the
 * dashboard, or a EUR session, just leaves card. The older `payment_method_types` is an explicit
 * list: a type that is not activated or does not suit is refused, as Stripe refuses it. Neither
 * given: every activated type that suits (Stripe's dynamic payment methods).
 */
function paymentMethodTypes(
  form: FormObject,
  account: StripeAccount,
  currency: string,
  amount: number,
): { allowed: PaymentMethodType[]; offered: PaymentMethodType[] } {
  const filter = form.allowed_payment_method_types !== undefined || form.payment_method_types === undefined;
  const param = filter ? 'allowed_payment_method_types' : 'payment_method_types';
  const requested = list(form[param]).map((value) => text(value) ?? '');
  for (const type of requested) {
    if (!METHOD_TYPES.includes(type as PaymentMethodType)) {
      throw new StripeApiError(400, `The payment method type provided: ${type} is invalid.`, { param });
    }
  }
  const types = (requested.length > 0 ? requested : METHOD_TYPES) as PaymentMethodType[];
  if (filter) {
    const offered = types.filter(
      (type) => account.enabledMethods.has(type) && eligible(type, currency, amount),
    );
    if (offered.length === 0) {
      throw new StripeApiError(
        400,
        'No valid payment method types for this Checkout Session. Please ensure that you have activated payment methods compatible with your chosen currency in your dashboard (https://dashboard.stripe.com/settings/payment_methods).',
        { param },
      );
    }
    return { allowed: [...types], offered };
  }
  for (const type of types) {
    if (!account.enabledMethods.has(type)) {
      throw new StripeApiError(
        400,
        `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings).`,
        { param },
      );
    }
    if (type === 'twint' && currency !== 'chf') {
      throw new StripeApiError(
        400,
        `The currency provided (${currency}) is invalid for one or more payment method types on this Checkout Session. Payment method type twint supports currencies: chf.`,
        { param },
      );
    }
    if (!eligible(type, currency, amount)) {
      throw new StripeApiError(
        400,
        `The Checkout Session's total amount due must be no more than CHF 5,000.00 for payment method type ${type}.`,
        { param, code: 'amount_too_large' },
      );
    }
  }
  return { allowed: [...types], offered: [...types] };
}

function expiry(value: string | undefined, created: number): number {
  if (value === undefined) return created + MAX_EXPIRY_S;
  const at = Number(value);
  if (!Number.isInteger(at) || at - created < MIN_EXPIRY_S - 5) {
    throw new StripeApiError(
      400,
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      {
        param: 'expires_at',
      },
    );
  }
  if (at - created > MAX_EXPIRY_S) {
    throw new StripeApiError(
      400,
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      {
        param: 'expires_at',
      },
    );
  }
  return at;
}

function createRefund(form: FormObject, account: StripeAccount): Refund {
  const intentId = text(form.payment_intent);
  if (!intentId) throw missing('payment_intent');
  const intent = account.paymentIntents.get(intentId);
  if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
  // As on Stripe, the refunded amount is counted on the PaymentIntent's charge.
  const charge = account.charges.get(intent.latest_charge)!;
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw new StripeApiError(400, `Charge for payment intent ${intentId} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = form.amount === undefined ? remaining : Number(text(form.amount));
  if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
    throw new StripeApiError(
      400,
      `Refund amount (CHF ${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (CHF ${(remaining / 100).toFixed(2)})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  const refund: Refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    created: unixNow(),
    currency: intent.currency,
    metadata: stringMap(form.metadata),
    payment_intent: intent.id,
    reason: text(form.reason) ?? null,
    status: 'succeeded',
  };
  account.refunds.set(refund.id, refund);
  return refund;
}

const RESOURCE_NAMES: Record<string, string> = {
  payment_intents: 'payment_intent',
  charges: 'charge',
  payment_methods: 'payment_method',
  balance_transactions: 'balance_transaction',
};

/** Which list an id belongs to, by its prefix (pi_, ch_, pm_), as Stripe's ids say. */
function resourceOf(id: string): string | null {
  if (id.startsWith('pi_')) return 'payment_intents';
  if (id.startsWith('ch_')) return 'charges';
  if (id.startsWith('pm_')) return 'payment_methods';
  if (id.startsWith('txn_')) return 'balance_transactions';
  return null;
}

function lookup(account: StripeAccount, id: string): object | undefined {
  switch (resourceOf(id)) {
    case 'payment_intents':
      return account.paymentIntents.get(id);
    case 'charges':
      return account.charges.get(id);
    case 'payment_methods':
      return account.paymentMethods.get(id);
    case 'balance_transactions':
      return account.balanceTransactions.get(id);
    default:
      return undefined;
  }
}

/**
 * Stripe's `expand[]`: each listed field (dotted paths reach further, `payment_intent.latest_charge`)
 * that holds the id of a payment intent, charge or payment method is replaced by that object. A
 * field that cannot be expanded is refused as Stripe refuses it. The stored objects stay as they are.
 */
function expand(account: StripeAccount, object: unknown, form: FormObject): unknown {
  let result = object;
  for (const path of list(form.expand).map((value) => text(value) ?? '')) {
    result = expandPath(account, result, path.split('.'), path);
  }
  return result;
}

function expandPath(account: StripeAccount, object: unknown, path: string[], full: string): unknown {
  const [field, ...rest] = path;
  const record = object as Record<string, unknown>;
  const value = field ? record[field] : undefined;
  const target = typeof value === 'string' ? lookup(account, value) : (value as object | null | undefined);
  if (!field || !(field in record) || (typeof value === 'string' && !target)) {
    throw new StripeApiError(400, `This property cannot be expanded (${full}).`, { param: 'expand' });
  }
  if (target === null || target === undefined) return object;
  const copy = { ...target };
  return { ...record, [field]: rest.length > 0 ? expandPath(account, copy, rest, full) : copy };
}
