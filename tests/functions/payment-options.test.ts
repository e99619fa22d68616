import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, sql } from '../support/stack';
import { invoke, visitor } from './function-helpers';
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
});
