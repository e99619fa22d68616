import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, sql } from '../support/stack';
import { createEvent, invoke, uniqueEmail, visitor } from './function-helpers';
import { startFunctionsRuntime, type FunctionsRuntime } from './functions-runtime';

// payment-options tells the booking form and the admin's event form which methods are set up
// (issue 15: only offer what works): online payment with both Stripe secrets, invoice with the
// creditor row. The real function, once as the local stack runs it (Stripe stand-in keys set),
// once as a hosted project runs it before the Stripe secrets are set.

const runtimes: FunctionsRuntime[] = [];

beforeAll(() => resetDatabase());
afterAll(() => Promise.all(runtimes.map((runtime) => runtime.close())));

describe('payment-options', () => {
  it('offers online payment with the Stripe keys and invoice while a creditor is entered', async () => {
    expect(await invoke(visitor(), 'payment-options', {})).toEqual({
      status: 200,
      body: { success: true, stripe: true, invoice: true },
    });
    await sql('delete from public.invoice_creditor');
    expect((await invoke(visitor(), 'payment-options', {})).body).toEqual({
      success: true,
      stripe: true,
      invoice: false,
    });
  });

  it.each(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])(
    'without %s online payment is not offered',
    async (missing) => {
      const runtime = await startFunctionsRuntime({ [missing]: '' });
      runtimes.push(runtime);
      const answer = await invoke(visitor(runtime.url), 'payment-options', {});
      expect(answer.status).toBe(200);
      expect(answer.body.stripe).toBe(false);
    },
  );

  it('a booking for online payment is refused while the Stripe secrets are missing, and nothing is stored', async () => {
    const runtime = await startFunctionsRuntime({ STRIPE_SECRET_KEY: '' });
    runtimes.push(runtime);
    const event = await createEvent();
    await sql(`update public.events set payment_methods = array['onsite', 'stripe'] where id = $1`, [
      event.id,
    ]);
    const email = uniqueEmail('ohne-stripe');
    const booking = (paymentMethod: string) =>
      invoke(visitor(runtime.url), 'register-for-event', {
        eventId: event.id,
        name: 'Anna Muster',
        email,
        phone: '+41 79 123 45 67',
        paymentMethod,
        notes: '',
      });
    const refused = await booking('stripe');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_METHOD_NOT_ALLOWED' });
    expect(await sql('select id from public.participants where email = $1', [email])).toEqual([]);
    // The same visitor can book with a method that works.
    expect((await booking('onsite')).status).toBe(200);
  });
});
