import Stripe from 'npm:stripe@23';
import { optionalEnv, providerTimeoutMs } from './env.ts';

// The official Stripe client. STRIPE_API_URL points it at another API (the local stack's
// stand-in) through the client's host/port/protocol settings; unset, it talks to
// api.stripe.com. Without STRIPE_SECRET_KEY online payment is not configured.

export { Stripe };

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
}

/** The keys, or null when online payment is not set up (both are needed). */
export function stripeSettings(): StripeSettings | null {
  const secretKey = optionalEnv('STRIPE_SECRET_KEY');
  const webhookSecret = optionalEnv('STRIPE_WEBHOOK_SECRET');
  return secretKey && webhookSecret ? { secretKey, webhookSecret } : null;
}

export function stripeClient(settings: StripeSettings): Stripe {
  const api = new URL(optionalEnv('STRIPE_API_URL', 'https://api.stripe.com'));
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    httpClient: Stripe.createFetchHttpClient(),
    // Creating sessions and refunds carries an idempotency key, so a retry never charges twice.
    maxNetworkRetries: 2,
    timeout: providerTimeoutMs(),
  });
}

/** What a Checkout session charges and where Stripe sends the visitor back. */
export interface CheckoutRequest {
  amountCents: number;
  /** The line's name on Stripe's page and receipt. */
  title: string;
  email: string;
  /** Our id of what is paid (the booking or the order), Stripe's client_reference_id. */
  reference: string;
  metadata: Record<string, string>;
  /** Unix seconds; Stripe's shortest is 30 minutes ahead. */
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/**
 * A Checkout session in CHF for one amount: card, and TWINT where the account has it activated.
 * `allowed_payment_method_types` filters what the account offers rather than demanding it, so
 * TWINT shows beside card once switched on in the dashboard and suited to the session (CHF, at
 * most CHF 5,000); the older `payment_method_types` would refuse the whole session while TWINT is
 * not activated.
 */
export function createCheckoutSession(settings: StripeSettings, request: CheckoutRequest) {
  return stripeClient(settings).checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: ['card', 'twint'],
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'chf',
            unit_amount: request.amountCents,
            product_data: { name: request.title },
          },
        },
      ],
      customer_email: request.email,
      client_reference_id: request.reference,
      metadata: request.metadata,
      expires_at: request.expiresAt,
      locale: 'de',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    },
    { idempotencyKey: request.idempotencyKey },
  );
}
