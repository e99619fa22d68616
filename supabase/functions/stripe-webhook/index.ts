// Stripe's webhook endpoint (register <project>/functions/v1/stripe-webhook in the Stripe
// dashboard for checkout.session.completed and checkout.session.expired; see
// docs/deployment.md). Stripe calls it without a Supabase JWT (verify_jwt = false): what proves
// the sender is the signature over the raw body with the endpoint's signing secret, checked
// with the official client (five minutes' tolerance, so an old delivery replayed is refused).
// Each event is applied by one SQL function that records its id first, so a repeated event
// changes nothing.
import { Stripe, stripeClient, stripeSettings } from '../_shared/stripe.ts';
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

/** Applies the event; returns what the database did ('paid', 'released', 'duplicate', 'ignored'). */
async function apply(service: ServiceClient, event: Stripe.Event): Promise<string> {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    // A session that completes without the money (delayed methods) is paid later by another
    // event; card and TWINT are paid on completion.
    if (session.payment_status !== 'paid') return 'ignored';
    const { data, error } = await service.rpc('complete_checkout', {
      p_event_id: event.id,
      p_session_id: session.id,
      p_payment_intent_id: paymentIntentId(session) ?? '',
      p_amount_cents: session.amount_total ?? 0,
      // Checked against what the booking owes (issue 24); the edges branch reads the method.
      p_currency: session.currency ?? '',
      p_method: 'card',
    });
    if (error) throw new Error(`complete_checkout: ${error.message}`);
    return data;
  }
  if (event.type === 'checkout.session.expired') {
    const { data, error } = await service.rpc('expire_checkout', {
      p_event_id: event.id,
      p_session_id: event.data.object.id,
    });
    if (error) throw new Error(`expire_checkout: ${error.message}`);
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
    const outcome = await apply(createServiceClient(), event);
    return answer(200, { received: true, outcome });
  } catch (error) {
    // Not applied: a non-2xx answer makes Stripe send it again later.
    console.error('Webhook event not applied', event.id, event.type, error);
    return answer(500, { error: 'not applied, retry' });
  }
});
