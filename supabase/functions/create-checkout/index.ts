// Sends a visitor to Stripe Checkout for their online registration (card or TWINT, CHF).
// The registration is stored first (register_for_event); this function gets its id and the
// one-time token from that answer, or (the confirmation page's 'Jetzt bezahlen') the booking
// reference and manage token. Stripe returns the visitor to the confirmation page
// /buchung/{reference}#{manage token}, which shows the real state. The amount comes from the database (begin_checkout: price x
// persons), never from the browser. The session expires with the seat's hold (30 minutes);
// the same hold gives the same idempotency key, so a double click opens one session.
import { z } from 'npm:zod@4';
import { VISITOR_ERROR_MESSAGES } from '@common/error-codes.ts';
import { siteSettings } from '../_shared/env.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { createCheckoutSession, Stripe, stripeSettings } from '../_shared/stripe.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { parseRequest } from '../_shared/validation.ts';

const token = z
  .string({ error: 'Die Anmeldung ist ungültig.' })
  .min(1, 'Die Anmeldung ist ungültig.')
  .max(200);
const request = z.union([
  z.object({ participantId: z.uuid({ error: 'Die Anmeldung ist ungültig.' }), token }),
  z.object({ reference: z.string().min(1).max(20), token }),
]);

const opened = z.object({ state: z.literal('open'), url: z.string(), session_id: z.string() });
const toOpen = z.object({
  state: z.literal('new'),
  participant_id: z.string(),
  reference: z.string(),
  manage_token: z.string(),
  amount_cents: z.number().int(),
  title: z.string(),
  email: z.string(),
  expires_at: z.number().int(),
  idempotency_key: z.string(),
});
const checkout = z.discriminatedUnion('state', [opened, toOpen]);

const NOT_CONFIGURED = 'Online-Zahlung ist zurzeit nicht möglich. Bitte wähle eine andere Zahlungsart.';
const STRIPE_DOWN =
  'Die Zahlung konnte nicht gestartet werden. Deine Anmeldung ist gespeichert; bitte versuche es in einem Moment erneut.';

/**
 * Where Stripe sends the visitor back: always the configured site (SITE_URL), never the request's
 * Origin, so no caller can have Stripe hand a manage token to a page of their choosing.
 */
function siteBase(): string {
  return siteSettings().url.replace(/\/+$/, '');
}

function refusal(message: string | undefined, detail: string | undefined): Error {
  if (message?.includes('PARTICIPANT_NOT_FOUND'))
    return new HttpError(404, VISITOR_ERROR_MESSAGES.PARTICIPANT_NOT_FOUND);
  if (message?.includes('PAYMENT_NOT_OPEN')) {
    return detail === 'paid'
      ? new HttpError(409, 'Diese Anmeldung ist bereits bezahlt.', { state: 'paid' })
      : new HttpError(409, VISITOR_ERROR_MESSAGES.PAYMENT_NOT_OPEN, { state: 'expired' });
  }
  return new Error(`Checkout refused by the database: ${message}`);
}

Deno.serve(
  serveJson(async (body) => {
    const asked = parseRequest(request, body);
    const settings = stripeSettings();
    if (!settings) throw new HttpError(503, NOT_CONFIGURED);
    const service = createServiceClient();
    const { data, error } =
      'reference' in asked
        ? await service.rpc('begin_checkout_by_reference', {
            p_reference: asked.reference,
            p_token: asked.token,
          })
        : await service.rpc('begin_checkout', {
            p_participant_id: asked.participantId,
            p_token: asked.token,
          });
    if (error) throw refusal(error.message, error.details);
    const next = checkout.parse(data);
    if (next.state === 'open') return { body: { success: true, url: next.url } };

    const participantId = next.participant_id;
    const back = `${siteBase()}/buchung/${encodeURIComponent(next.reference)}`;
    let session: Stripe.Checkout.Session;
    try {
      session = await createCheckoutSession(settings, {
        amountCents: next.amount_cents,
        title: next.title,
        email: next.email,
        reference: participantId,
        metadata: { participant_id: participantId },
        expiresAt: next.expires_at,
        // The manage token stays in the fragment: never sent to a server, not in Stripe's records.
        successUrl: `${back}?zahlung=erfolgt#${next.manage_token}`,
        cancelUrl: `${back}#${next.manage_token}`,
        idempotencyKey: next.idempotency_key,
      });
    } catch (cause) {
      console.error('Stripe checkout session not created', participantId, String(cause));
      throw new HttpError(502, STRIPE_DOWN);
    }
    const { error: recordError } = await service.rpc('record_checkout_session', {
      p_participant_id: participantId,
      p_session_id: session.id,
      p_url: session.url ?? '',
      p_expires_at: new Date(session.expires_at * 1000).toISOString(),
    });
    if (recordError) throw refusal(recordError.message, recordError.details);
    return { body: { success: true, url: session.url } };
  }),
);
