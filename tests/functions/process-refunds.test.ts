import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  anonClient,
  createUser,
  mailbox,
  resetDatabase,
  serviceClient,
  signedInClient,
  sql,
  stripeStandIn,
} from '../support/stack';
import { invoke, register, runOutbox, uniqueEmail, visitor, type Registration } from './function-helpers';

// A visitor cancels or reduces a paid online booking on the manage page (change_booking); the
// refund request SQL queued is worked off by process-refunds against the Stripe stand-in:
// exactly one refund of the amount the database computed, also when the worker runs twice at
// once or Stripe fails on the first try; an unpaid booking's open session is expired instead.

let eventId: string;

interface Booking extends Registration {
  email: string;
  reference: string;
  manageToken: string;
}

async function bookOnline(persons: number): Promise<Booking> {
  const email = uniqueEmail('storno');
  const registration = await register(visitor(), eventId, { email, paymentMethod: 'stripe', persons });
  const [row] = await sql<{ reference: string; token: string }>(
    'select reference, private.mint_manage_token(id) as token from public.participants where id = $1',
    [registration.participantId],
  );
  return { ...registration, email, reference: row!.reference, manageToken: row!.token };
}

async function openSession(booking: Booking): Promise<string> {
  const answer = await invoke(anonClient(), 'create-checkout', {
    participantId: booking.participantId,
    token: booking.token,
  });
  expect(answer.status).toBe(200);
  return String(answer.body.url).split('/').pop()!;
}

async function bookAndPay(persons: number): Promise<Booking & { paymentIntent: string }> {
  const booking = await bookOnline(persons);
  await stripeStandIn().checkout(await openSession(booking), 'pay-twint');
  const [row] = await sql<{ provider_reference: string }>(
    `select y.provider_reference from public.payments y join public.participants p on p.id = y.participant_id
      where p.id = $1 and p.status = 'confirmed' and y.state = 'succeeded'`,
    [booking.participantId],
  );
  return { ...booking, paymentIntent: row!.provider_reference };
}

async function changeBooking(booking: Booking, persons: number): Promise<void> {
  const { error } = await anonClient().rpc('change_booking', {
    p_reference: booking.reference,
    p_token: booking.manageToken,
    p_persons: persons,
  });
  if (error) throw error;
}

async function runRefunds() {
  const answer = await invoke(serviceClient(), 'process-refunds', {});
  expect(answer.status).toBe(200);
  return answer.body;
}

interface RequestRow {
  kind: string;
  state: string;
  attempts: number;
  amount_cents: number | null;
  refund_id: string | null;
  last_error: string | null;
}

async function requestsOf(booking: Booking): Promise<RequestRow[]> {
  return sql<RequestRow>(
    `select kind, state, attempts, amount_cents, refund_id, last_error
       from public.refund_requests where participant_id = $1 order by created_at`,
    [booking.participantId],
  );
}

async function refundsOf(paymentIntent: string) {
  return (await stripeStandIn().refunds()).filter((refund) => refund.payment_intent === paymentIntent);
}

async function paymentStatus(booking: Booking): Promise<string> {
  // The payment word derived from the booking's status and money rows (issue 24).
  const [row] = await sql<{ word: string }>('select private.payment_word($1) as word', [
    booking.participantId,
  ]);
  return row!.word;
}

beforeAll(async () => {
  await resetDatabase();
  const [row] = await sql<{ id: string }>(
    `insert into public.events (title, description, category, start_date, start_time, location, price, max_participants,
                                status, payment_methods)
     values ('Atemreise mit Rückgabe', 'Atmen.', 'breathwork', current_date + 20, '18:00', 'Suhr', 45, 20,
             'published', array['stripe', 'onsite'])
     returning id`,
  );
  eventId = row!.id;
});

afterEach(async () => {
  await stripeStandIn().failWith(null);
});

describe('process-refunds', () => {
  it('refunds a cancelled paid booking once, even when the worker runs twice at once, and mails the visitor', async () => {
    const booking = await bookAndPay(2);
    await changeBooking(booking, 0);
    // The queueing also woke the worker (pg_net); two more runs side by side.
    await Promise.all([runRefunds(), runRefunds()]);

    await vi.waitFor(async () => expect((await requestsOf(booking))[0]?.state).toBe('done'), {
      timeout: 15_000,
    });
    const refunds = await refundsOf(booking.paymentIntent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 9000, currency: 'chf' });
    expect((await requestsOf(booking))[0]!.refund_id).toBe(refunds[0]!.id);
    expect(await paymentStatus(booking)).toBe('refunded');

    await runRefunds();
    expect(await refundsOf(booking.paymentIntent)).toHaveLength(1);

    await runOutbox();
    const mail = await mailbox().waitFor(
      (m) => m.to.includes(booking.email) && m.subject.startsWith('Rückerstattung'),
    );
    expect(mail.text).toContain('CHF 90.00');
    expect(mail.text).toContain(booking.reference);
  });

  it('a reduction refunds the difference the database computed, and the booking stays paid', async () => {
    const booking = await bookAndPay(3);
    await changeBooking(booking, 1);
    await runRefunds();
    await vi.waitFor(async () => expect((await requestsOf(booking))[0]?.state).toBe('done'), {
      timeout: 15_000,
    });
    expect((await refundsOf(booking.paymentIntent)).map((refund) => refund.amount)).toEqual([9000]);
    expect(await paymentStatus(booking)).toBe('paid');
  });

  it('tries again after Stripe failed, with backoff, and refunds once', async () => {
    const booking = await bookAndPay(1);
    await stripeStandIn().failWith(500);
    await changeBooking(booking, 0);
    await runRefunds();
    await vi.waitFor(
      async () => expect((await requestsOf(booking))[0]).toMatchObject({ state: 'queued', attempts: 1 }),
      { timeout: 15_000 },
    );
    const [failed] = await requestsOf(booking);
    expect(failed!.last_error).toBeTruthy();
    expect(await refundsOf(booking.paymentIntent)).toHaveLength(0);
    // A refund row that has not failed counts (issue 24): the money is on its way back.
    expect(await paymentStatus(booking)).toBe('refunded');

    await stripeStandIn().failWith(null);
    // Not due yet: a run now leaves it waiting.
    await runRefunds();
    expect((await requestsOf(booking))[0]!.state).toBe('queued');

    await sql(`update public.refund_requests set next_attempt_at = now() where participant_id = $1`, [
      booking.participantId,
    ]);
    await runRefunds();
    expect((await requestsOf(booking))[0]).toMatchObject({ state: 'done', attempts: 2 });
    expect((await refundsOf(booking.paymentIntent)).map((refund) => refund.amount)).toEqual([4500]);
    expect(await paymentStatus(booking)).toBe('refunded');
  });

  it('a cancelled booking with an open session: the session is expired at Stripe, nothing refunded', async () => {
    const booking = await bookOnline(2);
    const sessionId = await openSession(booking);
    await changeBooking(booking, 0);
    await runRefunds();
    await vi.waitFor(
      async () =>
        expect((await requestsOf(booking))[0]).toMatchObject({ kind: 'expire_checkout', state: 'done' }),
      {
        timeout: 15_000,
      },
    );
    const page = await stripeStandIn().checkout(sessionId, 'pay-twint');
    expect(page.status).toBe(409);
    expect(await paymentStatus(booking)).toBe('cancelled');
    expect((await requestsOf(booking)).filter((request) => request.kind === 'stripe_refund')).toHaveLength(0);
  });

  it("a refund that failed for good: the admin's 'Rückerstatten' refunds what is left and closes the request", async () => {
    const booking = await bookAndPay(1);
    await stripeStandIn().failWith(500);
    await changeBooking(booking, 0);
    await runRefunds();
    // The try is over (the claim counts it at once; the client's own retries end with the record).
    await vi.waitFor(
      async () => expect((await requestsOf(booking))[0]).toMatchObject({ state: 'queued', attempts: 1 }),
      { timeout: 15_000 },
    );
    await stripeStandIn().failWith(null);
    // As after the last try (max_attempts) or a refusal by Stripe.
    await sql(`update public.refund_requests set state = 'failed' where participant_id = $1`, [
      booking.participantId,
    ]);

    const admin = await createUser({ email: uniqueEmail('admin'), password: 'admin-pass-123', admin: true });
    const client = await signedInClient(admin.email, admin.password);
    const refunded = await invoke(client, 'refund-payment', { participantId: booking.participantId });
    expect(refunded).toMatchObject({ status: 200, body: { success: true, paymentStatus: 'refunded' } });
    expect((await refundsOf(booking.paymentIntent)).map((refund) => refund.amount)).toEqual([4500]);
    expect(await paymentStatus(booking)).toBe('refunded');
    expect((await requestsOf(booking))[0]!.state).toBe('done');
  });
});
