import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCAL_SITE_URL } from '../../tools/local-stack/config';
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  signWebhookPayload,
} from '../../tools/local-stack/stripe/account';
import {
  anonClient,
  createUser,
  mailbox,
  resetDatabase,
  serviceClient,
  signedInClient,
  sql,
  stackEnv,
  stripeStandIn,
  type StripeEvent,
} from '../support/stack';
import {
  invoke,
  outboxRows,
  register,
  runOutbox,
  uniqueEmail,
  visitor,
  type Registration,
} from './function-helpers';

// Online payment end to end on the real stack: register_for_event stores the booking,
// create-checkout opens a Stripe Checkout session at the stand-in (/v1), the stand-in's checkout
// page pays or expires it and sends signed webhooks to stripe-webhook, which applies each event
// once through SQL; refund-payment refunds through Stripe.

/** The booking with its money derived from the payment and refund rows (issue 24). */
interface ParticipantRow {
  status: string;
  checkout_session_id: string | null;
  hold_expires_at: Date | null;
  hold_released_at: Date | null;
  paid_cents: number;
  refunded_cents: number;
  open_cents: number;
  needs_review: boolean;
  paid_method: string | null;
}

interface PaymentRow {
  method: string;
  amount_cents: number;
  currency: string;
  provider_reference: string | null;
  state: string;
  stripe_fee_cents: number | null;
}

let eventId: string;

// SITE_URL of the stack's functions (tools/local-stack/config.ts), where Stripe returns visitors.
const localSite = (process.env.LOCAL_STACK_SITE_URL ?? DEFAULT_LOCAL_SITE_URL).replace(/\/+$/, '');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function participant(id: string): Promise<ParticipantRow> {
  const [row] = await sql<ParticipantRow>(
    `select p.status, p.checkout_session_id, p.hold_expires_at, p.hold_released_at,
            m.paid_cents, m.refunded_cents, m.open_cents, m.needs_review, m.paid_method
       from public.participants p cross join lateral private.booking_money(p.id) m
      where p.id = $1`,
    [id],
  );
  return row!;
}

async function payments(participantId: string): Promise<PaymentRow[]> {
  return sql<PaymentRow>(
    `select method, amount_cents, currency, provider_reference, state, stripe_fee_cents
       from public.payments where participant_id = $1 order by created_at`,
    [participantId],
  );
}

async function seatsTaken(): Promise<number> {
  const [row] = await sql<{ current_participants: number }>(
    'select current_participants from public.events where id = $1',
    [eventId],
  );
  return row!.current_participants;
}

async function bookOnline(): Promise<Registration> {
  return register(visitor(), eventId, { email: uniqueEmail('online'), paymentMethod: 'stripe' });
}

async function openCheckout(booking: Registration) {
  return invoke(anonClient(), 'create-checkout', {
    participantId: booking.participantId,
    token: booking.token,
  });
}

async function checkoutSessionOf(booking: Registration): Promise<string> {
  const answer = await openCheckout(booking);
  expect(answer.status).toBe(200);
  const url = String(answer.body.url);
  return url.slice(url.lastIndexOf('/') + 1);
}

async function lastEvent(type: string, sessionId: string): Promise<StripeEvent> {
  const events = await stripeStandIn().events();
  const found = events.filter(
    (event) => event.type === type && (event.data.object as { id: string }).id === sessionId,
  );
  return found[found.length - 1]!;
}

/** The Checkout session as Stripe stores it (the stand-in's /v1 API with the account's key). */
async function storedSession(id: string): Promise<{ success_url: string; cancel_url: string | null }> {
  const response = await fetch(`${stackEnv().apiUrl}/v1/checkout/sessions/${encodeURIComponent(id)}`, {
    headers: { Authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { success_url: string; cancel_url: string | null };
}

function postWebhook(body: string, signature: string | null): Promise<Response> {
  return fetch(`${stackEnv().apiUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body,
  });
}

async function paymentState(booking: Registration) {
  const { data, error } = await anonClient().rpc('payment_state', {
    p_participant_id: booking.participantId,
    p_token: booking.token,
  });
  if (error) throw error;
  return data as { state: string; amount_cents: number; checkout_url: string | null };
}

beforeAll(async () => {
  await resetDatabase();
  const [row] = await sql<{ id: string }>(
    `insert into public.events (title, description, category, start_date, start_time, location, price, max_participants,
                                status, payment_methods)
     values ('Atemreise online', 'Atmen.', 'breathwork', current_date + 20, '18:00', 'Suhr', 45, 30,
             'published', array['stripe', 'onsite'])
     returning id`,
  );
  eventId = row!.id;
});

describe('create-checkout', () => {
  it('opens one CHF session for card and TWINT with the amount from the database, holding the seat 30 minutes', async () => {
    const booking = await bookOnline();
    const before = await participant(booking.participantId);
    expect(before).toMatchObject({ status: 'held', open_cents: 4500 });
    expect(before.hold_expires_at!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    const first = await openCheckout(booking);
    const second = await openCheckout(booking);
    expect(first.status).toBe(200);
    expect(second.body.url).toBe(first.body.url);
    const sessionId = String(first.body.url).split('/').pop()!;
    const stored = await participant(booking.participantId);
    expect(stored.checkout_session_id).toBe(sessionId);

    const page = await (await fetch(String(first.body.url))).text();
    expect(page).toContain('CHF 45.00');
    expect(page).toContain('Mit TWINT bezahlen');
    expect((await paymentState(booking)).state).toBe('open');
  });

  it('an account without TWINT still sells by card: TWINT is only offered while it is activated', async () => {
    await stripeStandIn().enableMethods(['card']);
    try {
      const answer = await openCheckout(await bookOnline());
      expect(answer.status).toBe(200);
      const page = await (await fetch(String(answer.body.url))).text();
      expect(page).toContain('Mit Karte bezahlen');
      expect(page).not.toContain('Mit TWINT bezahlen');
    } finally {
      await stripeStandIn().enableMethods(['card', 'twint']);
    }
  });

  it("opens the checkout from the confirmation page's reference and manage token; cancel leads back there", async () => {
    const booking = await bookOnline();
    const [row] = await sql<{ reference: string; token: string }>(
      'select reference, private.mint_manage_token(id) as token from public.participants where id = $1',
      [booking.participantId],
    );
    const answer = await invoke(anonClient(), 'create-checkout', {
      reference: row!.reference,
      token: row!.token,
    });
    expect(answer.status).toBe(200);
    const sessionId = String(answer.body.url).split('/').pop()!;
    expect((await participant(booking.participantId)).checkout_session_id).toBe(sessionId);
    const cancelled = await stripeStandIn().checkout(sessionId, 'cancel');
    expect(cancelled.headers.get('location')).toMatch(
      new RegExp(`/buchung/${row!.reference}#${row!.token}$`),
    );
    // The same session again, as long as it is open.
    const again = await invoke(anonClient(), 'create-checkout', {
      reference: row!.reference,
      token: row!.token,
    });
    expect(again.body.url).toBe(answer.body.url);

    const wrong = await invoke(anonClient(), 'create-checkout', {
      reference: row!.reference,
      token: 'falsch',
    });
    expect(wrong.status).toBe(404);
  });

  it("sends the visitor back to the configured site (SITE_URL), whatever the request's Origin says", async () => {
    // An unlisted localhost port, a foreign site, and even a listed development origin.
    for (const origin of ['http://localhost:31337', 'https://evil.example', 'http://localhost:5173']) {
      const booking = await bookOnline();
      const answer = await invoke(
        anonClient(),
        'create-checkout',
        { participantId: booking.participantId, token: booking.token },
        { Origin: origin },
      );
      expect(answer.status).toBe(200);
      const session = await storedSession(String(answer.body.url).split('/').pop()!);
      const back = new RegExp(`^${escaped(localSite)}/buchung/SW-[^/?#]+[?#]`);
      expect(session.success_url).toMatch(back);
      expect(session.cancel_url).toMatch(back);
    }
  });

  it('refuses a wrong token and a registration that is not an open online payment', async () => {
    const booking = await bookOnline();
    const wrong = await invoke(anonClient(), 'create-checkout', {
      participantId: booking.participantId,
      token: 'x',
    });
    expect(wrong.status).toBe(404);
    const onsite = await register(visitor(), eventId, { email: uniqueEmail('vorort') });
    expect((await openCheckout(onsite)).status).toBe(409);
    const garbage = await invoke(anonClient(), 'create-checkout', { participantId: 'nope', token: 'x' });
    expect(garbage.status).toBe(400);
  });

  it('says so when Stripe is down, and the booking stays', async () => {
    const booking = await bookOnline();
    await stripeStandIn().failWith(500);
    try {
      const answer = await openCheckout(booking);
      expect(answer.status).toBe(502);
      expect(answer.body.error).toContain('Deine Anmeldung ist gespeichert');
    } finally {
      await stripeStandIn().failWith(null);
    }
    expect((await participant(booking.participantId)).status).toBe('held');
    expect((await openCheckout(booking)).status).toBe(200);
  });
});

describe('the amount', () => {
  it('is the price for every person booked, from the database', async () => {
    const booking = await register(visitor(), eventId, {
      email: uniqueEmail('zwei'),
      paymentMethod: 'stripe',
      persons: 2,
    });
    const answer = await openCheckout(booking);
    const page = await (await fetch(String(answer.body.url))).text();
    expect(page).toContain('CHF 90.00');
    expect((await paymentState(booking)).amount_cents).toBe(9000);
    await stripeStandIn().checkout(String(answer.body.url).split('/').pop()!, 'pay-twint');
    expect((await participant(booking.participantId)).paid_cents).toBe(9000);
  });
});

describe('stripe-webhook', () => {
  it('TWINT payment: paid, with the amount Stripe charged, and one receipt however often Stripe repeats the event', async () => {
    const email = uniqueEmail('twint');
    const booking = await register(visitor(), eventId, { email, paymentMethod: 'stripe' });
    const sessionId = await checkoutSessionOf(booking);
    const paid = await stripeStandIn().checkout(sessionId, 'pay-twint');
    expect(paid.status).toBe(303);
    // Back to the confirmation page, with a manage token that opens it.
    const [{ reference }] = (await sql<{ reference: string }>(
      'select reference from public.participants where id = $1',
      [booking.participantId],
    )) as [{ reference: string }];
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.pathname}${back.search}`).toBe(`/buchung/${reference}?zahlung=erfolgt`);
    const view = await anonClient().rpc('booking_by_token', {
      p_reference: reference,
      p_token: back.hash.slice(1),
    });
    expect(view.data).toMatchObject({ status: 'valid', state: 'paid', reference });

    const row = await participant(booking.participantId);
    expect(row).toMatchObject({ status: 'confirmed', paid_cents: 4500, open_cents: 0, paid_method: 'twint' });
    // One payment row naming TWINT, as Stripe's charge reported it.
    const [payment, ...more] = await payments(booking.participantId);
    expect(more).toHaveLength(0);
    expect(payment).toMatchObject({
      method: 'twint',
      amount_cents: 4500,
      currency: 'CHF',
      state: 'succeeded',
    });
    expect(payment!.provider_reference).toMatch(/^pi_/);
    expect((await paymentState(booking)).state).toBe('paid');

    const event = await lastEvent('checkout.session.completed', sessionId);
    expect(await stripeStandIn().resend(event.id)).toMatchObject({ status: 200 });
    expect(await stripeStandIn().resend(event.id)).toMatchObject({ status: 200 });
    const receipts = await outboxRows(`participant_id = $1 and kind = 'payment_receipt'`, [
      booking.participantId,
    ]);
    expect(receipts).toHaveLength(1);

    await runOutbox();
    const mail = await mailbox().waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Zahlungsbestätigung'),
    );
    expect(mail.text).toContain('CHF 45.00');
    expect(mail.text).toContain('Atemreise online');
    expect(mail.text).toContain('Zahlungsart: Online-Zahlung (TWINT)');
  });

  it('card payment: the payment row and the receipt say card; the row keeps the fee Stripe reported', async () => {
    const email = uniqueEmail('karte');
    const booking = await register(visitor(), eventId, { email, paymentMethod: 'stripe' });
    await stripeStandIn().checkout(await checkoutSessionOf(booking), 'pay-card');
    expect(await participant(booking.participantId)).toMatchObject({
      status: 'confirmed',
      paid_method: 'card',
    });
    // The stand-in's balance transaction keeps 2.9 % + 30 Rappen of CHF 45: 131 + 30.
    expect(await payments(booking.participantId)).toEqual([
      expect.objectContaining({
        method: 'card',
        amount_cents: 4500,
        state: 'succeeded',
        stripe_fee_cents: 161,
      }),
    ]);
    // The bookkeeper's export ('Stripe-Gebühr') reads it from the same rows.
    const exported = await sql<{ stripe_fee_cents: number | null }>(
      `select e.stripe_fee_cents from private.finance_entries(private.today_in_zurich() - 1, private.today_in_zurich() + 1) e
         where e.participant_id = $1 and e.kind = 'payment'`,
      [booking.participantId],
    );
    expect(exported).toEqual([{ stripe_fee_cents: 161 }]);
    await runOutbox();
    const mail = await mailbox().waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Zahlungsbestätigung'),
    );
    expect(mail.text).toContain('Zahlungsart: Online-Zahlung (Karte)');
  });

  it('a signed webhook with the wrong amount or currency leaves the booking unpaid and flagged', async () => {
    for (const wrong of [
      { amount_total: 1, currency: 'chf' },
      { amount_total: 4500, currency: 'eur' },
    ]) {
      const booking = await bookOnline();
      const sessionId = await checkoutSessionOf(booking);
      // A real payment at Stripe (so the webhook can read its method), on another session.
      const other = await fetch(`${stackEnv().apiUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          mode: 'payment',
          success_url: 'http://127.0.0.1:4173/ok',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'chf',
          'line_items[0][price_data][unit_amount]': '100',
          'line_items[0][price_data][product_data][name]': 'Anderes',
        }),
      });
      const otherId = ((await other.json()) as { id: string }).id;
      await stripeStandIn().checkout(otherId, 'pay-twint');
      const intent = ((await storedSession(otherId)) as unknown as { payment_intent: string }).payment_intent;

      // Correctly signed, for the booking's current session, but not what the booking owes.
      const eventIdStripe = `evt_wrong${randomUUID().replaceAll('-', '')}`;
      const body = JSON.stringify({
        id: eventIdStripe,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: 'paid',
            status: 'complete',
            payment_intent: intent,
            ...wrong,
          },
        },
      });
      const answer = await postWebhook(body, signWebhookPayload(body, LOCAL_STRIPE_WEBHOOK_SECRET));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, outcome: 'mismatch' });

      const row = await participant(booking.participantId);
      expect(row).toMatchObject({ status: 'held', paid_cents: 0, open_cents: 4500, needs_review: true });
      expect(await payments(booking.participantId)).toEqual([
        expect.objectContaining({
          method: 'twint',
          amount_cents: wrong.amount_total,
          currency: wrong.currency.toUpperCase(),
          state: 'mismatch',
        }),
      ]);
      expect((await paymentState(booking)).state).not.toBe('paid');
      expect(
        await outboxRows(`participant_id = $1 and kind = 'payment_receipt'`, [booking.participantId]),
      ).toEqual([]);
      const [history] = await sql<{ action: string; actor: string }>(
        `select action, actor from public.booking_history where participant_id = $1 order by created_at desc limit 1`,
        [booking.participantId],
      );
      expect(history).toEqual({ action: 'payment_mismatch', actor: 'stripe' });
    }
  });

  it('expiry: the registration is released and its seat is free again, once', async () => {
    const booking = await bookOnline();
    const sessionId = await checkoutSessionOf(booking);
    const taken = await seatsTaken();
    await stripeStandIn().checkout(sessionId, 'expire');

    const row = await participant(booking.participantId);
    expect(row.status).toBe('expired');
    expect(row.hold_released_at).not.toBeNull();
    expect(await seatsTaken()).toBe(taken - 1);
    expect((await paymentState(booking)).state).toBe('expired');

    const event = await lastEvent('checkout.session.expired', sessionId);
    await stripeStandIn().resend(event.id);
    expect(await seatsTaken()).toBe(taken - 1);
    const again = await openCheckout(booking);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Die Reservation ist abgelaufen. Bitte melde dich erneut an.');
  });

  it('refuses forged and replayed webhooks without changing anything', async () => {
    const booking = await bookOnline();
    const sessionId = await checkoutSessionOf(booking);
    const forged = JSON.stringify({
      id: `evt_forged${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          status: 'complete',
          amount_total: 1,
          payment_intent: 'pi_forged',
        },
      },
    });
    expect((await postWebhook(forged, null)).status).toBe(400);
    expect((await postWebhook(forged, signWebhookPayload(forged, 'whsec_guessed'))).status).toBe(400);
    expect((await postWebhook(forged, 't=1,v1=deadbeef')).status).toBe(400);
    // Signed with the right secret but ten minutes old: a replayed delivery.
    const old = signWebhookPayload(forged, LOCAL_STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600);
    expect((await postWebhook(forged, old)).status).toBe(400);
    // A body changed after signing.
    const signed = signWebhookPayload(forged, LOCAL_STRIPE_WEBHOOK_SECRET);
    expect((await postWebhook(forged.replace('"amount_total":1', '"amount_total":2'), signed)).status).toBe(
      400,
    );

    expect((await participant(booking.participantId)).status).toBe('held');
    expect(await payments(booking.participantId)).toEqual([]);
    const applied = await sql(`select id from public.stripe_webhook_events where id like 'evt_forged%'`);
    expect(applied).toHaveLength(0);
  });

  it('releases a registration whose visitor never reached Stripe when its hold runs out', async () => {
    const booking = await bookOnline();
    await sql(`update public.participants set hold_expires_at = now() - interval '1 second' where id = $1`, [
      booking.participantId,
    ]);
    const [{ released }] = (await sql<{ released: number }>(
      'select public.release_expired_holds() as released',
    )) as [{ released: number }];
    expect(released).toBeGreaterThanOrEqual(1);
    expect((await participant(booking.participantId)).status).toBe('expired');
    expect((await paymentState(booking)).state).toBe('expired');
  });
});

describe("the team's changes and the Checkout session (issue 24)", () => {
  async function adminClient() {
    const admin = await createUser({ email: uniqueEmail('admin'), password: 'admin-pass-123', admin: true });
    return signedInClient(admin.email, admin.password);
  }

  async function manageTokenOf(participantId: string) {
    const [row] = await sql<{ reference: string; token: string }>(
      'select reference, private.mint_manage_token(id) as token from public.participants where id = $1',
      [participantId],
    );
    return row!;
  }

  it('after a persons change the old session cannot complete the booking; "Jetzt bezahlen" opens one for the new amount', async () => {
    const booking = await bookOnline();
    const oldSession = await checkoutSessionOf(booking);
    const admin = await adminClient();
    const { error } = await admin.rpc('admin_change_persons', {
      p_participant_id: booking.participantId,
      p_persons: 3,
    });
    if (error) throw error;
    // process-refunds expires the old session at Stripe (the queue's expire_checkout).
    await vi.waitFor(
      async () => {
        await invoke(serviceClient(), 'process-refunds', {});
        const [request] = await sql<{ state: string }>(
          `select state from public.refund_requests where participant_id = $1 and kind = 'expire_checkout'`,
          [booking.participantId],
        );
        expect(request?.state).toBe('done');
      },
      { timeout: 15_000, interval: 300 },
    );
    expect((await stripeStandIn().checkout(oldSession, 'pay-card')).status).toBe(409);
    expect(await participant(booking.participantId)).toMatchObject({
      status: 'held',
      paid_cents: 0,
      open_cents: 13500,
    });

    const { reference, token } = await manageTokenOf(booking.participantId);
    const again = await invoke(anonClient(), 'create-checkout', { reference, token });
    expect(again.status).toBe(200);
    const newSession = String(again.body.url).split('/').pop()!;
    expect(newSession).not.toBe(oldSession);
    expect(await (await fetch(String(again.body.url))).text()).toContain('CHF 135.00');
    await stripeStandIn().checkout(newSession, 'pay-twint');
    expect(await participant(booking.participantId)).toMatchObject({
      status: 'confirmed',
      paid_cents: 13500,
      open_cents: 0,
      paid_method: 'twint',
    });
  });

  it('a paid booking the team enlarges owes the difference: "Jetzt bezahlen" charges only that, and the mail links it', async () => {
    const email = uniqueEmail('mehr');
    const booking = await register(visitor(), eventId, { email, paymentMethod: 'stripe' });
    await stripeStandIn().checkout(await checkoutSessionOf(booking), 'pay-card');
    const admin = await adminClient();
    const { error } = await admin.rpc('admin_change_persons', {
      p_participant_id: booking.participantId,
      p_persons: 4,
    });
    if (error) throw error;
    expect(await participant(booking.participantId)).toMatchObject({
      status: 'confirmed',
      paid_cents: 4500,
      open_cents: 13500,
    });
    await runOutbox();
    const mail = await mailbox().waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Buchung angepasst'),
    );
    expect(mail.text).toContain('Damit sind noch CHF 135.00 offen.');
    expect(mail.html).toContain('>Jetzt bezahlen</a>');

    const { reference, token } = await manageTokenOf(booking.participantId);
    const answer = await invoke(anonClient(), 'create-checkout', { reference, token });
    expect(answer.status).toBe(200);
    expect(await (await fetch(String(answer.body.url))).text()).toContain('CHF 135.00');
    await stripeStandIn().checkout(String(answer.body.url).split('/').pop()!, 'pay-twint');
    expect(await participant(booking.participantId)).toMatchObject({ paid_cents: 18000, open_cents: 0 });
    expect(
      (await payments(booking.participantId)).map((row) => [row.method, row.amount_cents, row.state]),
    ).toEqual([
      ['card', 4500, 'succeeded'],
      ['twint', 13500, 'succeeded'],
    ]);
  });

  it('a booking the team added with online payment is paid through its manage link', async () => {
    const admin = await adminClient();
    const { data, error } = await admin.rpc('admin_add_booking', {
      p_event_id: eventId,
      p_name: 'Stefan Staff',
      p_email: uniqueEmail('staff'),
      p_phone: '+41 79 123 45 67',
      p_persons: 2,
      p_payment_method: 'stripe',
    });
    if (error) throw error;
    const added = data as unknown as { id: string };
    expect(await participant(added.id)).toMatchObject({ status: 'held', open_cents: 9000 });
    const { reference, token } = await manageTokenOf(added.id);
    const answer = await invoke(anonClient(), 'create-checkout', { reference, token });
    expect(answer.status).toBe(200);
    await stripeStandIn().checkout(String(answer.body.url).split('/').pop()!, 'pay-card');
    expect(await participant(added.id)).toMatchObject({
      status: 'confirmed',
      paid_cents: 9000,
      paid_method: 'card',
    });
  });
});

describe('refund-payment', () => {
  // A refund is money going back, not a cancellation (issue 24): the booking keeps its status and
  // seat, and the refund is a concession (it owes that much less, nothing is open again);
  // 'Stornieren' (admin_cancel_booking) frees the seat.
  it('refunds a paid online registration through Stripe once, as a refund row; the status stays', async () => {
    const booking = await bookOnline();
    await stripeStandIn().checkout(await checkoutSessionOf(booking), 'pay-card');
    const admin = await createUser({ email: uniqueEmail('admin'), password: 'admin-pass-123', admin: true });
    const client = await signedInClient(admin.email, admin.password);
    const taken = await seatsTaken();

    const outsider = await invoke(anonClient(), 'refund-payment', { participantId: booking.participantId });
    expect(outsider.status).toBe(403);

    const refunded = await invoke(client, 'refund-payment', { participantId: booking.participantId });
    expect(refunded).toMatchObject({ status: 200, body: { success: true, paymentStatus: 'refunded' } });
    const row = await participant(booking.participantId);
    expect(row).toMatchObject({
      status: 'confirmed',
      paid_cents: 4500,
      refunded_cents: 4500,
      open_cents: 0,
    });
    const [refund] = await sql<{ refund_id: string | null }>(
      `select refund_id from public.refund_requests where participant_id = $1 and kind = 'stripe_refund'`,
      [booking.participantId],
    );
    expect(refund?.refund_id).toMatch(/^re_/);
    expect(await stripeStandIn().refunds()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: refund!.refund_id, amount: 4500 })]),
    );
    expect(await seatsTaken()).toBe(taken);

    const twice = await invoke(client, 'refund-payment', { participantId: booking.participantId });
    expect(twice.status).toBe(409);
    // The visitor is told once ('Rückerstattung', with the credit note when the provider is set up).
    const mails = await sql(
      `select 1 from public.mail_outbox where participant_id = $1 and kind = 'refund_issued'`,
      [booking.participantId],
    );
    expect(mails).toHaveLength(1);
  });
});
