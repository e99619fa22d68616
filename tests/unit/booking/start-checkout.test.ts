import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckout } from '@/features/booking/api/start-checkout';
import { installFakeBackend, json, networkFailure } from '../../support/fake-backend';

// The real supabase-js call and its error classes; the fake backend answers as create-checkout
// (or the way to it) would.
const CHECKOUT = 'POST /functions/v1/create-checkout';
const UNREACHABLE =
  'Die Zahlung konnte nicht gestartet werden. Deine Anmeldung ist gespeichert; bitte versuche es in einem Moment erneut.';

afterEach(() => vi.unstubAllGlobals());

describe('startCheckout', () => {
  it("opens the function's checkout url, proving the registration with id and token", async () => {
    const backend = installFakeBackend().on(CHECKOUT, () => json({ url: 'https://checkout.test/s/1' }));
    expect(await startCheckout({ participantId: 'p-1', token: 'tok' })).toEqual({
      ok: true,
      url: 'https://checkout.test/s/1',
    });
    expect(backend.calls(CHECKOUT)[0]!.body).toEqual({ participantId: 'p-1', token: 'tok' });
  });

  it('proves it with the booking reference and manage token on the confirmation page', async () => {
    const backend = installFakeBackend().on(CHECKOUT, () => json({ url: 'https://checkout.test/s/2' }));
    expect(await startCheckout({ reference: 'SW-7K3M', token: 'mt' })).toEqual({
      ok: true,
      url: 'https://checkout.test/s/2',
    });
    expect(backend.calls(CHECKOUT)[0]!.body).toEqual({ reference: 'SW-7K3M', token: 'mt' });
  });

  it("shows the function's own German refusal", async () => {
    installFakeBackend().on(CHECKOUT, () => json({ error: 'Diese Anmeldung ist bereits bezahlt.' }, 409));
    expect(await startCheckout({ participantId: 'p-1', token: 'tok' })).toEqual({
      ok: false,
      message: 'Diese Anmeldung ist bereits bezahlt.',
    });
  });

  it.each([
    ['the network fails', () => networkFailure()],
    ['the gateway answers without JSON', () => new Response('Bad Gateway', { status: 502 })],
    ['the function answers without an error text', () => json({ code: 'X' }, 500)],
    ['the relay fails', () => new Response('{}', { status: 500, headers: { 'x-relay-error': 'true' } })],
    ['a success carries no url', () => json({})],
  ])('says the payment could not start when %s', async (_, answer) => {
    installFakeBackend().on(CHECKOUT, answer);
    expect(await startCheckout({ participantId: 'p-1', token: 'tok' })).toEqual({
      ok: false,
      message: UNREACHABLE,
    });
  });
});
