import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQrBill, readQrCode } from '../support/qr-bill';
import { mailbox, resetDatabase, sql, stripeStandIn } from '../support/stack';
import { invoke, runOutbox, uniqueEmail, visitor } from './function-helpers';

// Issue 28, buying a gift voucher online: buy-gift-voucher stores the order and opens a Stripe
// Checkout session at the stand-in for the price the database set; paying it with TWINT sends the
// signed webhook, stripe-webhook issues the voucher, and the outbox mails the voucher's PDF to the
// recipient and the confirmation to the buyer.

const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());

function order(overrides: Record<string, unknown> = {}) {
  return {
    amountCents: 15000,
    buyerName: 'Bea Buyer',
    buyerEmail: uniqueEmail('bea'),
    recipientName: 'Gina Geschenk',
    recipientEmail: uniqueEmail('gina'),
    message: 'Alles Gute zum Geburtstag!',
    sendOn: TODAY,
    ...overrides,
  };
}

let offerId: string;

beforeAll(async () => {
  await resetDatabase();
  const [offer] = await sql<{ id: string }>(
    `insert into public.gift_voucher_offers (title, price_cents) values ('Fondue-Abend für 2 Personen', 9800) returning id`,
  );
  offerId = offer!.id;
});

afterAll(async () => {
  await sql('delete from public.invoice_creditor');
  await sql('delete from public.gift_voucher_orders');
  await sql(`delete from public.gift_vouchers where source = 'purchase'`);
  await sql('delete from public.gift_voucher_offers where id = $1', [offerId]);
});

describe('buy-gift-voucher', () => {
  it('sells CHF 150 by TWINT: the recipient gets the PDF, the buyer the confirmation', async () => {
    const body = order();
    const answer = await invoke(visitor(), 'buy-gift-voucher', body);
    expect(answer.status).toBe(200);
    expect(String(answer.body.reference)).toMatch(/^GB-/);
    const sessionId = String(answer.body.url).split('/').pop()!;
    const [open] = await sql<{ state: string; value_cents: number }>(
      'select state, value_cents from public.gift_voucher_orders where checkout_session_id = $1',
      [sessionId],
    );
    expect(open).toEqual({ state: 'open', value_cents: 15000 });

    await stripeStandIn().checkout(sessionId, 'pay-twint');
    const [paid] = await sql<{
      state: string;
      code: string;
      paid_method: string;
      stripe_fee_cents: number | null;
    }>(
      `select o.state, o.paid_method, o.stripe_fee_cents, g.code from public.gift_voucher_orders o
         join public.gift_vouchers g on g.id = o.gift_voucher_id where o.checkout_session_id = $1`,
      [sessionId],
    );
    expect(paid).toMatchObject({ state: 'paid', paid_method: 'twint' });
    expect(paid!.stripe_fee_cents).toBeGreaterThan(0);

    await runOutbox();
    const gift = await mailbox().waitFor((m) => m.to.includes(body.recipientEmail));
    expect(gift.text).toContain('Hallo Gina Geschenk');
    expect(gift.text).toContain(`Gutscheincode: ${paid!.code}`);
    const pdf = gift.attachments.find((file) => file.filename === `Gutschein-${paid!.code}.pdf`);
    expect(await readQrCode(Buffer.from(pdf!.content, 'base64'))).toBe(paid!.code);

    const confirmation = await mailbox().waitFor((m) => m.to.includes(body.buyerEmail));
    expect(confirmation.subject).toMatch(/^Dein Gutscheinkauf bei /);
    expect(confirmation.text).toContain('Betrag: CHF 150.00');
    expect(confirmation.text).toContain('Bezahlt mit: Online-Zahlung (TWINT)');
    expect(confirmation.text).toContain(`an Gina Geschenk (${body.recipientEmail})`);
    // The code goes only to the recipient: a surprise stays one.
    expect(confirmation.text).not.toContain(paid!.code);
  });

  it("charges an offer voucher's price, whatever amount the browser sends along", async () => {
    const answer = await invoke(visitor(), 'buy-gift-voucher', order({ offerId, amountCents: undefined }));
    expect(answer.status).toBe(200);
    const sessionId = String(answer.body.url).split('/').pop()!;
    const [session] = await sql<{ value_cents: number; kind: string; title: string }>(
      'select value_cents, kind, title from public.gift_voucher_orders where checkout_session_id = $1',
      [sessionId],
    );
    expect(session).toEqual({ value_cents: 9800, kind: 'offer', title: 'Fondue-Abend für 2 Personen' });
    const both = await invoke(visitor(), 'buy-gift-voucher', order({ offerId, amountCents: 100 }));
    expect(both).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', detail: 'amountCents' } });
  });

  it('refuses an amount outside the limits, a past day, and a missing proof of work', async () => {
    expect(await invoke(visitor(), 'buy-gift-voucher', order({ amountCents: 1000 }))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', detail: 'amount' },
    });
    expect(await invoke(visitor(), 'buy-gift-voucher', order({ sendOn: '2020-01-01' }))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', detail: 'sendOn' },
    });
    expect(await invoke(visitor(), 'buy-gift-voucher', order({ buyerEmail: 'keine-adresse' }))).toMatchObject(
      {
        status: 400,
        body: { detail: 'buyerEmail' },
      },
    );
    expect((await invoke(visitor(), 'buy-gift-voucher', { ...order(), altcha: '' })).status).toBe(400);
  });

  it('lets an address order 5 vouchers an hour', async () => {
    const caller = visitor();
    const statuses = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await invoke(caller, 'buy-gift-voucher', order())).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('leaves an expired order without a voucher', async () => {
    const answer = await invoke(visitor(), 'buy-gift-voucher', order());
    const sessionId = String(answer.body.url).split('/').pop()!;
    await stripeStandIn().checkout(sessionId, 'expire');
    const [row] = await sql<{ state: string; gift_voucher_id: string | null }>(
      'select state, gift_voucher_id from public.gift_voucher_orders where checkout_session_id = $1',
      [sessionId],
    );
    expect(row).toEqual({ state: 'expired', gift_voucher_id: null });
  });

  it('sends the buyer a QR bill for an order by invoice, and no Stripe session', async () => {
    await sql('delete from public.invoice_creditor');
    await sql(`insert into public.invoice_creditor (name, street, building_number, postal_code, city, country, iban)
      values ('Sinneswerk GmbH', 'Dorfstrasse', '12', '5034', 'Suhr', 'CH', 'CH4431999123000889012')`);
    const body = order({ paymentMethod: 'invoice', amountCents: 8000 });
    const answer = await invoke(visitor(), 'buy-gift-voucher', body);
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBeUndefined();
    const reference = String(answer.body.reference);
    const [row] = await sql<{ invoice_reference: string; checkout_session_id: string | null }>(
      'select invoice_reference, checkout_session_id from public.gift_voucher_orders where reference = $1',
      [reference],
    );
    expect(row!.checkout_session_id).toBeNull();

    await runOutbox();
    const bill = await mailbox().waitFor((m) => m.to.includes(body.buyerEmail));
    expect(bill.subject).toMatch(/^Rechnung für deinen Geschenkgutschein bei /);
    expect(bill.text).toContain(`Bestellnummer: ${reference}`);
    expect(bill.text).toContain('Betrag: CHF 80.00');
    const pdf = bill.attachments.find((file) => file.filename === `Rechnung-${row!.invoice_reference}.pdf`);
    const qr = await readQrBill(Buffer.from(pdf!.content, 'base64'));
    expect(qr).toMatchObject({
      amount: '80.00',
      currency: 'CHF',
      reference: row!.invoice_reference,
      message: `Geschenkgutschein ${reference}`,
    });
  });
});
