// Stripe's webhook endpoint (register <project>/functions/v1/stripe-webhook in the Stripe
// dashboard for checkout.session.completed and checkout.session.expired; see
// docs/deployment.md). Stripe calls it without a Supabase JWT (verify_jwt = false): what proves
// the sender is the signature over the raw body with the endpoint's signing secret, checked
// with the official client (five minutes' tolerance, so an old delivery replayed is refused).
// Each event is applied by one SQL function that records its id first, so a repeated event
// changes nothing. A completed checkout is confirmed only when amount and currency match what the
// booking owes (complete_checkout checks; a mismatch is recorded and flagged, never paid), and the
// payment row names the method actually used (card or TWINT), asked of Stripe's API.
// A gift voucher order's session (metadata.kind 'gift_voucher', buy-gift-voucher) goes to its
// own pair of functions: complete_gift_voucher_checkout issues the voucher, expire_… ends the order.
import { Stripe, stripeClient, stripeSettings, type StripeSettings } from '../_shared/stripe.ts';
import { createServiceClient, type ServiceClient } from '../_shared/supabase-clients.ts';

function answer(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/** A gift voucher bought on /gutscheine (buy-gift-voucher), not a booking's payment. */
function isGiftVoucherOrder(session: Stripe.Checkout.Session): boolean {
  return session.metadata?.kind === 'gift_voucher';
}

/** The way a payment row records an online payment (public.payments.method). */
type OnlineMethod = 'card' | 'twint';

/** What Stripe's API says about the payment: the method actually used and the fee it kept. */
interface PaidFacts {
  method: OnlineMethod;
  /** The balance transaction's fee in cents; null while Stripe has not settled it yet. */
  feeCents: number | null;
}

/**
 * How the visitor actually paid: the type on the PaymentIntent's charge
 * (`latest_charge.payment_method_details.type`), asked of Stripe's API with the secret key; the
 * event's session only lists the types that were offered. Wallets and Link are paid by card.
 * Stripe's fee is on the charge's balance transaction (`latest_charge.balance_transaction.fee`),
 * expanded in the same request.
 */
async function paidFacts(settings: StripeSettings, intentId: string): Promise<PaidFacts> {
  const intent = await stripeClient(settings).paymentIntents.retrieve(intentId, {
    expand: ['latest_charge.balance_transaction'],
  });
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const balance = typeof charge?.balance_transaction === 'object' ? charge.balance_transaction : null;
  const feeCents = typeof balance?.fee === 'number' && balance.fee >= 0 ? balance.fee : null;
  const type = charge?.payment_method_details?.type;
  if (type === 'twint' || type === 'card') return { method: type, feeCents };
  console.warn('Online payment of an unexpected method type, recorded as card', intentId, type ?? 'none');
  return { method: 'card', feeCents };
}

/** Applies the event; returns what the database did ('paid', 'mismatch', 'released', 'duplicate', 'ignored', …). */
async function apply(service: ServiceClient, settings: StripeSettings, event: Stripe.Event): Promise<string> {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    // A session that completes without the money (delayed methods) is paid later by another
    // event; card and TWINT are paid on completion.
    if (session.payment_status !== 'paid') return 'ignored';
    const intentId = paymentIntentId(session);
    if (!intentId) throw new Error(`paid session ${session.id} without a PaymentIntent`);
    const { method, feeCents } = await paidFacts(settings, intentId);
    const paid = { amountCents: session.amount_total ?? 0, currency: session.currency ?? '' };
    const completion = isGiftVoucherOrder(session) ? 'complete_gift_voucher_checkout' : 'complete_checkout';
    const { data, error } = await service.rpc(completion, {
      p_event_id: event.id,
      p_session_id: session.id,
      p_payment_intent_id: intentId,
      p_amount_cents: paid.amountCents,
      p_currency: paid.currency,
      p_method: method,
    });
    if (error) throw new Error(`${completion}: ${error.message}`);
    if (feeCents !== null) {
      // The fee is for the bookkeeper's export only. The payment above is already committed; if
      // this fails, Stripe's retry finds it recorded ('duplicate') and records the fee then.
      const fee = await service.rpc('record_stripe_fee', {
        p_payment_intent_id: intentId,
        p_fee_cents: feeCents,
      });
      if (fee.error) throw new Error(`record_stripe_fee: ${fee.error.message}`);
    }
    const facts = JSON.stringify({
      event: event.id,
      session: session.id,
      paymentIntent: intentId,
      ...paid,
      method,
      feeCents,
    });
    if (data === 'mismatch') {
      // Money Stripe took that is not what the booking or order owes: a booking stays unpaid and
      // is flagged for the admin ("Zahlung prüfen"); an order issues no voucher.
      console.error('Stripe payment does not match what is owed: not marked paid, flagged for review', facts);
    } else if (data === 'refunding') {
      console.warn('Stripe payment of a stale checkout session: refunded in full', facts);
    }
    return data;
  }
  if (event.type === 'checkout.session.expired') {
    const expiry = isGiftVoucherOrder(event.data.object) ? 'expire_gift_voucher_checkout' : 'expire_checkout';
    const { data, error } = await service.rpc(expiry, {
      p_event_id: event.id,
      p_session_id: event.data.object.id,
    });
    if (error) throw new Error(`${expiry}: ${error.message}`);
    return data;
  }
  return 'ignored';
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return answer(405, { error: 'POST only' });
  const settings = stripeSettings();
  if (!settings) return answer(503, { error: 'Stripe is not configured' });
  const signature = req.headers.get('stripe-signature');
  if (!signature) return answer(400, { error: 'missing Stripe-Signature' });
  // The signature covers the exact bytes Stripe sent: read them before any parsing.
  const raw = await req.text();
  let event: Stripe.Event;
  try {
    event = await stripeClient(settings).webhooks.constructEventAsync(
      raw,
      signature,
      settings.webhookSecret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (error) {
    console.warn('Refused a webhook with an invalid signature', String(error));
    return answer(400, { error: 'invalid signature' });
  }
  try {
    const outcome = await apply(createServiceClient(), settings, event);
    return answer(200, { received: true, outcome });
  } catch (error) {
    // Not applied: a non-2xx answer makes Stripe send it again later.
    console.error('Webhook event not applied', event.id, event.type, error);
    return answer(500, { error: 'not applied, retry' });
  }
});
