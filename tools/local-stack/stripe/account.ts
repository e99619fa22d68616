import { createHmac, randomBytes } from 'node:crypto';
import { ProviderFaults } from '../provider-faults';

// The stand-in's Stripe account: Checkout sessions, their payment intents with charge and payment
// method, refunds and the events sent to the webhook endpoint. In memory (dev tooling only; a
// restart forgets it).

/** The local account's keys (functions get them as STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET). */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_stand_in';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_stand_in_0123456789abcdef';
/** The API version the stand-in reports in events (that of the installed `stripe` package). */
export const STAND_IN_API_VERSION = '2026-10-28.endive';

export type PaymentMethodType = 'card' | 'twint';

export interface LineItem {
  name: string;
  unit_amount: number;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  allowed_payment_method_types: PaymentMethodType[];
  payment_method_types: PaymentMethodType[];
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
  /** Not part of Stripe's session object; shown on the checkout page. */
  line_items_for_page: LineItem[];
}

/** A PaymentIntent as the API shows it (`latest_charge`, `payment_method` expandable). */
export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string;
  /** As on Stripe: the types the session offered, not the one used (that is on the charge). */
  payment_method_types: PaymentMethodType[];
  status: 'succeeded';
}

/** What the charge says about how it was paid (Stripe's `payment_method_details`). */
export type PaymentMethodDetails =
  | {
      type: 'card';
      card: { brand: 'visa'; country: 'CH'; exp_month: number; exp_year: number; last4: string };
    }
  | { type: 'twint'; twint: Record<string, never> };

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  paid: true;
  payment_intent: string;
  payment_method: string;
  payment_method_details: PaymentMethodDetails;
  refunded: boolean;
  status: 'succeeded';
  /** As on Stripe: the id of the balance transaction that carries the fee (expandable). */
  balance_transaction: string;
}

/** Stripe's balance transaction of a charge: gross, the fee Stripe keeps and the net (cents). */
export interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  created: number;
  currency: string;
  fee: number;
  fee_details: { amount: number; currency: string; description: string; type: 'stripe_fee' }[];
  net: number;
  source: string;
  status: 'pending';
  type: 'charge';
}

/**
 * The stand-in's fee: a fixed rule (2.9 % + 30 Rappen, Stripe's usual card price), not Stripe's
 * price list; tests only need a fee the webhook can read and the export can show.
 */
export function standInFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  created: number;
  livemode: false;
  type: PaymentMethodType;
  card?: Extract<PaymentMethodDetails, { type: 'card' }>['card'];
  twint?: Record<string, never>;
}

/** The test card every stand-in card payment uses (Stripe's 4242 test Visa). */
function methodDetails(type: PaymentMethodType): PaymentMethodDetails {
  return type === 'card'
    ? { type, card: { brand: 'visa', country: 'CH', exp_month: 12, exp_year: 2034, last4: '4242' } }
    : { type, twint: {} };
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface WebhookDelivery {
  at: string;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  error: string | null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  deliveries: WebhookDelivery[];
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Stripe's webhook signature: `t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with
 * the endpoint's signing secret>` (https://docs.stripe.com/webhooks#verify-manually).
 */
export function signWebhookPayload(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class StripeAccount {
  readonly faults = new ProviderFaults();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly balanceTransactions = new Map<string, BalanceTransaction>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  /**
   * The payment method types activated in the account's dashboard. A session's
   * `allowed_payment_method_types` only filters these (TWINT switched off: card only).
   */
  readonly enabledMethods = new Set<PaymentMethodType>(['card', 'twint']);
  readonly refunds = new Map<string, Refund>();
  readonly events: StripeEvent[] = [];
  /** Idempotency-Key → the first answer (Stripe keeps them 24 hours; here until reset). */
  readonly idempotent = new Map<string, { request: string; status: number; body: unknown }>();

  /** Where events go now; tests may forward them elsewhere (like `stripe listen --forward-to`). */
  webhook: WebhookEndpoint;

  constructor(private readonly defaultWebhook: WebhookEndpoint) {
    this.webhook = { ...defaultWebhook };
  }

  forwardTo(url: string | null): void {
    this.webhook = { ...this.defaultWebhook, url: url ?? this.defaultWebhook.url };
  }

  reset(): void {
    this.forwardTo(null);
    this.sessions.clear();
    this.paymentIntents.clear();
    this.charges.clear();
    this.paymentMethods.clear();
    this.enableMethods(['card', 'twint']);
    this.refunds.clear();
    this.events.length = 0;
    this.idempotent.clear();
    this.faults.reset();
  }

  /** Sessions past their `expires_at` expire as on Stripe (checked whenever the stand-in is used). */
  async expireDue(): Promise<void> {
    const now = unixNow();
    const due = [...this.sessions.values()].filter((s) => s.status === 'open' && s.expires_at <= now);
    for (const session of due) await this.expire(session);
  }

  enableMethods(methods: PaymentMethodType[]): void {
    this.enabledMethods.clear();
    for (const method of methods) this.enabledMethods.add(method);
  }

  /**
   * The visitor paid on the checkout page: a payment method of the chosen type, a succeeded
   * PaymentIntent and its charge (which names the type, as Stripe's `payment_method_details`),
   * the session complete, then `checkout.session.completed`.
   */
  async complete(session: CheckoutSession, method: PaymentMethodType): Promise<void> {
    const created = unixNow();
    const details = methodDetails(method);
    const paymentMethod: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      created,
      livemode: false,
      type: method,
      ...(details.type === 'card' ? { card: details.card } : { twint: details.twint }),
    };
    const intentId = stripeId('pi');
    const chargeId = stripeId('ch');
    const fee = standInFee(session.amount_total);
    const balance: BalanceTransaction = {
      id: stripeId('txn'),
      object: 'balance_transaction',
      amount: session.amount_total,
      created,
      currency: session.currency,
      fee,
      fee_details: [
        {
          amount: fee,
          currency: session.currency,
          description: 'Stripe processing fees',
          type: 'stripe_fee',
        },
      ],
      net: session.amount_total - fee,
      source: chargeId,
      status: 'pending',
      type: 'charge',
    };
    const charge: Charge = {
      id: chargeId,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      captured: true,
      created,
      currency: session.currency,
      livemode: false,
      paid: true,
      payment_intent: intentId,
      payment_method: paymentMethod.id,
      payment_method_details: details,
      refunded: false,
      status: 'succeeded',
      balance_transaction: balance.id,
    };
    const intent: PaymentIntent = {
      id: intentId,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      created,
      currency: session.currency,
      latest_charge: charge.id,
      livemode: false,
      metadata: { ...session.metadata },
      payment_method: paymentMethod.id,
      payment_method_types: [...session.payment_method_types],
      status: 'succeeded',
    };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    this.charges.set(charge.id, charge);
    this.balanceTransactions.set(balance.id, balance);
    this.paymentIntents.set(intent.id, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      url: null,
    });
    await this.emit('checkout.session.completed', session);
  }

  async expire(session: CheckoutSession): Promise<void> {
    Object.assign(session, { status: 'expired', url: null });
    await this.emit('checkout.session.expired', session);
  }

  /** Creates the event and sends it to the webhook endpoint once (Stripe retries; see resend). */
  async emit(type: string, object: unknown): Promise<StripeEvent> {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: STAND_IN_API_VERSION,
      created: unixNow(),
      data: { object: publicView(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      deliveries: [],
    };
    this.events.push(event);
    await this.deliver(event);
    return event;
  }

  /** Sends the event (again) with a fresh signature, as Stripe's retries and "Resend" do. */
  async deliver(event: StripeEvent): Promise<WebhookDelivery> {
    const { deliveries, ...wire } = event;
    const payload = JSON.stringify(wire, null, 2);
    let delivery: WebhookDelivery;
    try {
      const response = await fetch(this.webhook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signWebhookPayload(payload, this.webhook.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      delivery = { at: new Date().toISOString(), status: response.status, error: null };
    } catch (error) {
      delivery = { at: new Date().toISOString(), status: null, error: String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  }
}

/** What the API and events show of an object (the page-only fields stay inside). */
export function publicView(object: unknown): unknown {
  if (object && typeof object === 'object' && 'line_items_for_page' in object) {
    const { line_items_for_page: _hidden, ...rest } = object as CheckoutSession;
    return rest;
  }
  return object;
}
