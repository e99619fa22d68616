// Buying a gift voucher on /gutscheine (issue 28): a value voucher of a chosen amount or one of
// the provider's offer vouchers, paid by card or TWINT at Stripe Checkout, or by invoice. Checked
// first: the proof of work and the per-address limit. The order is stored before Stripe is called
// (public.order_gift_voucher, which also sets the price: never the browser); the voucher is
// issued only when the money is in (stripe-webhook → complete_gift_voucher_checkout, or the bank
// file's payment of the QR bill → import_bank_entry), then mailed with its PDF on the chosen day.
import { siteSettings } from '../_shared/env.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { guardPublicWrite } from '../_shared/public-write.ts';
import { GIFT_VOUCHER_ORDERS_PER_ADDRESS } from '../_shared/rate-limit.ts';
import { createCheckoutSession, Stripe, stripeSettings } from '../_shared/stripe.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { giftVoucherOrderRequest, parseRequest } from '../_shared/validation.ts';
import { z } from 'npm:zod@4';

const NOT_CONFIGURED =
  'Gutscheine können zurzeit nicht online gekauft werden. Bitte schreib uns über das Kontaktformular.';
const STRIPE_DOWN =
  'Die Zahlung konnte nicht gestartet werden. Es wurde nichts belastet; bitte versuche es in einem Moment erneut.';

/** The SQLSTATE of order_gift_voucher's RAISE EXCEPTION: a refusal, not a failure. */
const REFUSED = 'P0001';

const ordered = z.object({
  order_id: z.string(),
  reference: z.string(),
  amount_cents: z.number().int().positive(),
  title: z.string(),
  email: z.string(),
  expires_at: z.number().int(),
  payment_method: z.enum(['stripe', 'invoice']),
  due_date: z.string().nullable(),
});

/** Where Stripe sends the buyer back: the configured site, never the request's Origin. */
function shopUrl(outcome: 'bezahlt' | 'abgebrochen'): string {
  return `${siteSettings().url.replace(/\/+$/, '')}/gutscheine?bestellung=${outcome}`;
}

Deno.serve(
  serveJson(async (body, req) => {
    const input = parseRequest(giftVoucherOrderRequest, body);
    const settings = stripeSettings();
    if (input.paymentMethod === 'stripe' && !settings) throw new HttpError(503, NOT_CONFIGURED);
    const service = createServiceClient();
    await guardPublicWrite(service, req, body, { perAddress: GIFT_VOUCHER_ORDERS_PER_ADDRESS });

    const { data, error } = await service.rpc('order_gift_voucher', {
      p_offer_id: input.offerId ?? undefined,
      p_value_cents: input.amountCents ?? undefined,
      p_buyer_name: input.buyerName,
      p_buyer_email: input.buyerEmail,
      p_recipient_name: input.recipientName,
      p_recipient_email: input.recipientEmail,
      p_message: input.message,
      p_send_on: input.sendOn,
      p_payment_method: input.paymentMethod,
    });
    if (error?.code === REFUSED) {
      throw new HttpError(400, error.message, { code: error.message, detail: error.details || null });
    }
    if (error) throw new Error(`order_gift_voucher failed: ${error.message}`);
    const order = ordered.parse(data);
    // By invoice: the QR bill is in the outbox; nothing more to do until the bank pays it.
    if (order.payment_method === 'invoice' || !settings) {
      return { body: { success: true, reference: order.reference, dueDate: order.due_date } };
    }

    let session: Stripe.Checkout.Session;
    try {
      session = await createCheckoutSession(settings, {
        amountCents: order.amount_cents,
        title: order.title,
        email: order.email,
        reference: order.order_id,
        // stripe-webhook routes the session's events by this kind.
        metadata: { kind: 'gift_voucher', gift_voucher_order_id: order.order_id },
        expiresAt: order.expires_at,
        successUrl: shopUrl('bezahlt'),
        cancelUrl: shopUrl('abgebrochen'),
        idempotencyKey: `gift-voucher-order-${order.order_id}`,
      });
    } catch (cause) {
      console.error(
        'Stripe checkout session not created for a gift voucher order',
        order.reference,
        String(cause),
      );
      throw new HttpError(502, STRIPE_DOWN);
    }
    const { error: recordError } = await service.rpc('record_gift_voucher_checkout', {
      p_order_id: order.order_id,
      p_session_id: session.id,
      p_url: session.url ?? '',
    });
    if (recordError) throw new Error(`record_gift_voucher_checkout failed: ${recordError.message}`);
    return { body: { success: true, url: session.url, reference: order.reference } };
  }),
);
