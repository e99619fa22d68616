import { afterEach, describe, expect, it, vi } from 'vitest';
import { refundPayment } from '@/features/admin-participants/api/refund-payment';
import { installFakeBackend, json, networkFailure } from '../../support/fake-backend';

// The real supabase-js call and its error classes; the fake backend answers as refund-payment
// (or the way to it) would.
const REFUND = 'POST /functions/v1/refund-payment';
const FAILED = 'Die Rückerstattung ist fehlgeschlagen. Bitte versuche es später erneut.';

afterEach(() => vi.unstubAllGlobals());

describe('refundPayment', () => {
  it('refunds the registration it names', async () => {
    const backend = installFakeBackend().on(REFUND, () => json({ refunded: true }));
    await expect(refundPayment('p-1')).resolves.toBeUndefined();
    expect(backend.calls(REFUND)[0]!.body).toEqual({ participantId: 'p-1' });
  });

  it("fails with the function's own German message", async () => {
    installFakeBackend().on(REFUND, () =>
      json({ error: 'Diese Zahlung wurde bereits zurückerstattet.' }, 409),
    );
    await expect(refundPayment('p-1')).rejects.toThrow('Diese Zahlung wurde bereits zurückerstattet.');
  });

  it.each([
    ['the network fails', () => networkFailure()],
    ['the gateway answers without JSON', () => new Response('Bad Gateway', { status: 502 })],
  ])('fails with the general message when %s', async (_, answer) => {
    installFakeBackend().on(REFUND, answer);
    await expect(refundPayment('p-1')).rejects.toThrow(FAILED);
  });
});
