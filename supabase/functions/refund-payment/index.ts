// 'Rückerstatten' in the admin area: refunds a paid online registration through Stripe and
// records it (status 'refunded', the seat given back). The admin's own session asks the
// database what may be refunded (admin_refund_details checks the admin in SQL); the refund
// carries an idempotency key per registration, so a repeated click refunds once.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { z } from 'npm:zod@4';
import type { Database } from '@common/database.ts';
import { publishableKey } from '../_shared/api-keys.ts';
import { requireEnv } from '../_shared/env.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { stripeClient, stripeSettings } from '../_shared/stripe.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { parseRequest } from '../_shared/validation.ts';

const request = z.object({ participantId: z.uuid({ error: 'Die Anmeldung ist ungültig.' }) });
const details = z.object({ payment_intent_id: z.string(), amount_cents: z.number().int().nullable() });

/** The caller's own client: the database sees the admin (or not) behind the JWT. */
function callerClient(req: Request) {
  return createClient<Database>(requireEnv('SUPABASE_URL'), publishableKey(), {
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

Deno.serve(
  serveJson(async (body, req) => {
    const { participantId } = parseRequest(request, body);
    const settings = stripeSettings();
    if (!settings) throw new HttpError(503, 'Online-Zahlung ist nicht eingerichtet.');
    const { data, error } = await callerClient(req).rpc('admin_refund_details', {
      p_participant_id: participantId,
    });
    if (error) {
      if (error.code === '42501') throw new HttpError(403, 'Nur Admins dürfen Zahlungen zurückerstatten.');
      if (error.message.includes('PARTICIPANT_NOT_FOUND'))
        throw new HttpError(404, 'Diese Anmeldung wurde nicht gefunden.');
      if (error.message.includes('NOT_REFUNDABLE'))
        throw new HttpError(409, 'Diese Anmeldung ist nicht online bezahlt oder bereits zurückerstattet.');
      throw new Error(`admin_refund_details: ${error.message}`);
    }
    const payment = details.parse(data);
    let refundId: string;
    try {
      const refund = await stripeClient(settings).refunds.create(
        { payment_intent: payment.payment_intent_id, metadata: { participant_id: participantId } },
        { idempotencyKey: `refund-${participantId}` },
      );
      refundId = refund.id;
    } catch (cause) {
      console.error('Stripe refund failed', participantId, String(cause));
      throw new HttpError(
        502,
        'Die Rückerstattung ist bei Stripe fehlgeschlagen. Bitte versuche es später erneut.',
      );
    }
    const { error: recordError } = await createServiceClient().rpc('record_refund', {
      p_participant_id: participantId,
      p_refund_id: refundId,
    });
    if (recordError) throw new Error(`record_refund: ${recordError.message}`);
    return { body: { success: true, paymentStatus: 'refunded' } };
  }),
);
