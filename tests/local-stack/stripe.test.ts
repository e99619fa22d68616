import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  signWebhookPayload,
} from '../../tools/local-stack/stripe/account';
import { resetDatabase, stackEnv, stripeStandIn } from '../support/stack';

/** The official client, pointed at the stand-in exactly as the edge functions do it. */
function stripeClient(key = LOCAL_STRIPE_SECRET_KEY): Stripe {
  const api = new URL(stackEnv().apiUrl);
  return new Stripe(key, {
    host: api.hostname,
    port: api.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

interface Received {
  body: string;
  signature: string;
}

/** A webhook endpoint of our own, like `stripe listen --forward-to`. */
async function webhookReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

function sessionParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return {
    mode: 'payment',
    allowed_payment_method_types: ['card', 'twint'],
    line_items: [
      {
        quantity: 2,
        price_data: { currency: 'chf', unit_amount: 4500, product_data: { name: 'Atemreise' } },
      },
    ],
    success_url: 'http://127.0.0.1:4173/buchung/ok?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:4173/buchung/abbruch',
    expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
    client_reference_id: 'participant-1',
    metadata: { participant_id: 'participant-1' },
    customer_email: 'gast@example.ch',
    ...overrides,
  } satisfies Stripe.Checkout.SessionCreateParams;
}

describe('Stripe stand-in', () => {
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    await resetDatabase();
    receiver = await webhookReceiver();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    await stripeStandIn().forwardTo(receiver.url);
    await stripeStandIn().failWith(null);
    await stripeStandIn().enableMethods(['card', 'twint']);
  });
  afterAll(async () => {
    await stripeStandIn().forwardTo(null);
    receiver.server.close();
  });

  it('creates a CHF checkout session for card and TWINT with the official client', async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 9000,
      currency: 'chf',
      allowed_payment_method_types: ['card', 'twint'],
      metadata: { participant_id: 'participant-1' },
      client_reference_id: 'participant-1',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${stackEnv().apiUrl}/__stripe/checkout/${session.id}`);

    const again = await stripeClient().checkout.sessions.retrieve(session.id);
    expect(again.id).toBe(session.id);
  });

  it('answers errors as Stripe does', async () => {
    await expect(
      stripeClient('sk_test_wrong').checkout.sessions.create(sessionParams()),
    ).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    // An explicit list with TWINT in EUR is refused (TWINT takes CHF only).
    await expect(
      stripeClient().checkout.sessions.create({
        ...sessionParams({
          line_items: [
            { quantity: 1, price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'x' } } },
          ],
        }),
        allowed_payment_method_types: undefined,
        // Gone from the client's types since API 2026-10-28; older integrations still send it.
        payment_method_types: ['card', 'twint'],
      } as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method_types' });
    await expect(
      stripeClient().checkout.sessions.create(
        sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 60 }),
      ),
    ).rejects.toMatchObject({ param: 'expires_at' });
    await expect(stripeClient().checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('answers a repeated Idempotency-Key with the first session and refuses other parameters', async () => {
    const first = await stripeClient().checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'booking-42',
    });
    const repeat = await stripeClient().checkout.sessions.create(
      sessionParams({ expires_at: first.expires_at }),
      {
        idempotencyKey: 'booking-42',
      },
    );
    expect(repeat.id).toBe(first.id);
    await expect(
      stripeClient().checkout.sessions.create(sessionParams({ customer_email: 'other@example.ch' }), {
        idempotencyKey: 'booking-42',
      }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('serves a German checkout page with the four outcomes', async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('lang="de-CH"');
    expect(page).toContain('CHF 90.00');
    for (const label of ['Mit TWINT bezahlen', 'Mit Karte bezahlen', 'Abbrechen', 'Ablaufen lassen']) {
      expect(page).toContain(`>${label}</button>`);
    }
  });

  it('pays with TWINT: session complete, signed checkout.session.completed, redirect to the success URL', async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const answer = await stripeStandIn().checkout(session.id, 'pay-twint');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://127.0.0.1:4173/buchung/ok?session_id=${session.id}`);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // The official client's verification accepts it: HMAC-SHA256 over `t.payload`.
    const event = stripeClient().webhooks.constructEvent(
      delivery!.body,
      delivery!.signature,
      LOCAL_STRIPE_WEBHOOK_SECRET,
    );
    expect(event.type).toBe('checkout.session.completed');
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 9000,
    });
    expect(paid.payment_intent).toMatch(/^pi_/);
    expect(() =>
      stripeClient().webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_someone_else'),
    ).toThrow(/signature/i);

    const stored = await stripeClient().checkout.sessions.retrieve(session.id);
    expect(stored.status).toBe('complete');
    const again = await stripeStandIn().checkout(session.id, 'pay-card');
    expect(again.status).toBe(409);
  });

  it('tells through the API how a session was paid: the charge names card or TWINT', async () => {
    for (const [action, type] of [
      ['pay-twint', 'twint'],
      ['pay-card', 'card'],
    ] as const) {
      const session = await stripeClient().checkout.sessions.create(sessionParams());
      await stripeStandIn().checkout(session.id, action);
      const intentId = (await stripeClient().checkout.sessions.retrieve(session.id)).payment_intent as string;
      // What stripe-webhook asks: the PaymentIntent with its latest charge expanded.
      const intent = await stripeClient().paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
      expect(intent).toMatchObject({
        object: 'payment_intent',
        status: 'succeeded',
        amount: 9000,
        amount_received: 9000,
        currency: 'chf',
      });
      const charge = intent.latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({ object: 'charge', paid: true, payment_intent: intentId, amount: 9000 });
      expect(charge.payment_method_details?.type).toBe(type);
      // The same through the payment method and a nested expansion from the session.
      const method = await stripeClient().paymentMethods.retrieve(intent.payment_method as string);
      expect(method.type).toBe(type);
      const expanded = await stripeClient().checkout.sessions.retrieve(session.id, {
        expand: ['payment_intent.latest_charge'],
      });
      const nested = (expanded.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
      expect(nested.payment_method_details?.type).toBe(type);
      // Not expanded, the fields stay ids, as on Stripe.
      expect((await stripeClient().paymentIntents.retrieve(intentId)).latest_charge).toBe(charge.id);
    }
    await expect(stripeClient().paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripeClient().checkout.sessions.retrieve(
        (await stripeClient().checkout.sessions.create(sessionParams())).id,
        {
          expand: ['customer_email'],
        },
      ),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expand' });
  });

  it('offers TWINT only when the account has it activated and the session suits it (CHF, at most CHF 5,000)', async () => {
    const big = await stripeClient().checkout.sessions.create(
      sessionParams({
        line_items: [
          { quantity: 1, price_data: { currency: 'chf', unit_amount: 500_100, product_data: { name: 'x' } } },
        ],
      }),
    );
    expect(big.payment_method_types).toEqual(['card']);
    const euro = await stripeClient().checkout.sessions.create(
      sessionParams({
        line_items: [
          { quantity: 1, price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'x' } } },
        ],
      }),
    );
    expect(euro.payment_method_types).toEqual(['card']);

    await stripeStandIn().enableMethods(['card']);
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      allowed_payment_method_types: ['card', 'twint'],
      payment_method_types: ['card'],
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('>Mit Karte bezahlen</button>');
    expect(page).not.toContain('TWINT');
    expect((await stripeStandIn().checkout(session.id, 'pay-twint')).status).toBe(400);
    await expect(
      stripeClient().checkout.sessions.create({
        ...sessionParams(),
        allowed_payment_method_types: undefined,
        // Gone from the client's types since API 2026-10-28; older integrations still send it.
        payment_method_types: ['card', 'twint'],
      } as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment_method_types' });
    await stripeStandIn().enableMethods(['twint']);
    await expect(
      stripeClient().checkout.sessions.create(
        sessionParams({
          line_items: [
            { quantity: 1, price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'x' } } },
          ],
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });
  });

  it('lets a session expire on the page and through the API, each with checkout.session.expired', async () => {
    const onPage = await stripeClient().checkout.sessions.create(sessionParams());
    const answer = await stripeStandIn().checkout(onPage.id, 'expire');
    expect(answer.headers.get('location')).toBe('http://127.0.0.1:4173/buchung/abbruch');
    const viaApi = await stripeClient().checkout.sessions.create(sessionParams());
    const expired = await stripeClient().checkout.sessions.expire(viaApi.id);
    expect(expired.status).toBe('expired');
    await expect(stripeClient().checkout.sessions.expire(viaApi.id)).rejects.toMatchObject({
      statusCode: 400,
    });

    const events = receiver.received.map((delivery) =>
      stripeClient().webhooks.constructEvent(delivery.body, delivery.signature, LOCAL_STRIPE_WEBHOOK_SECRET),
    );
    expect(events.map((event) => [event.type, (event.data.object as Stripe.Checkout.Session).id])).toEqual([
      ['checkout.session.expired', onPage.id],
      ['checkout.session.expired', viaApi.id],
    ]);
  });

  it('cancel returns to the cancel URL and leaves the session open', async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const answer = await stripeStandIn().checkout(session.id, 'cancel');
    expect(answer.headers.get('location')).toBe('http://127.0.0.1:4173/buchung/abbruch');
    expect((await stripeClient().checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(receiver.received).toHaveLength(0);
  });

  it('refunds a paid payment once, in full', async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    await stripeStandIn().checkout(session.id, 'pay-card');
    const paymentIntent = (await stripeClient().checkout.sessions.retrieve(session.id))
      .payment_intent as string;
    const refund = await stripeClient().refunds.create({ payment_intent: paymentIntent });
    expect(refund).toMatchObject({ object: 'refund', amount: 9000, currency: 'chf', status: 'succeeded' });
    const intent = await stripeClient().paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
    expect(intent.latest_charge).toMatchObject({ amount_refunded: 9000, refunded: true });
    await expect(stripeClient().refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    await expect(stripeClient().refunds.create({ payment_intent: 'pi_missing' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('resends an event with a fresh, valid signature', async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    await stripeStandIn().checkout(session.id, 'pay-twint');
    const [event] = (await stripeStandIn().events())
      .filter((e) => e.type === 'checkout.session.completed')
      .slice(-1);
    expect(event!.deliveries).toEqual([expect.objectContaining({ status: 200 })]);
    expect(await stripeStandIn().resend(event!.id)).toMatchObject({ status: 200 });
    const [first, second] = receiver.received.slice(-2);
    expect(JSON.parse(second!.body).id).toBe(event!.id);
    expect(second!.body).toBe(first!.body);
    stripeClient().webhooks.constructEvent(second!.body, second!.signature, LOCAL_STRIPE_WEBHOOK_SECRET);
  });

  it('signs like Stripe: the client verifies a payload signed by signWebhookPayload', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping', data: { object: {} } });
    const header = signWebhookPayload(payload, LOCAL_STRIPE_WEBHOOK_SECRET);
    expect(stripeClient().webhooks.constructEvent(payload, header, LOCAL_STRIPE_WEBHOOK_SECRET).id).toBe(
      'evt_1',
    );
    const old = signWebhookPayload(
      payload,
      LOCAL_STRIPE_WEBHOOK_SECRET,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(() => stripeClient().webhooks.constructEvent(payload, old, LOCAL_STRIPE_WEBHOOK_SECRET)).toThrow(
      /tolerance/i,
    );
  });

  it('fails on demand like an outage', async () => {
    await stripeStandIn().failWith(500);
    await expect(stripeClient().checkout.sessions.create(sessionParams())).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 500,
    });
    await stripeStandIn().failWith(null);
    await vi.waitFor(async () =>
      expect((await stripeClient().checkout.sessions.create(sessionParams())).status).toBe('open'),
    );
  });

  it('keeps the pages and the API to this machine: a foreign origin cannot pay', async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const forged = await fetch(`${stackEnv().apiUrl}/__stripe/checkout/${session.id}/pay-card`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    expect((await stripeClient().checkout.sessions.retrieve(session.id)).status).toBe('open');
  });
});
