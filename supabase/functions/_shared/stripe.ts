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
