// Public registration. Visitors may not call the SQL function register_for_event themselves:
// this function first checks the proof-of-work challenge (each accepted once) and the limit of
// registrations per client address (_shared/public-write.ts), then calls it with the service
// role. Everything else (capacity, persons, payment method, the e-mail-once rule, no existence
// oracle) is decided by the database; its error codes (docs/contracts.md) are passed on as
// `code`, its DETAIL (the field, or a number for the persons errors) as `detail`.
import type { ErrorCode } from '@common/error-codes.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { guardPublicWrite } from '../_shared/public-write.ts';
import { stripeSettings } from '../_shared/stripe.ts';
import { REGISTRATIONS_PER_ADDRESS } from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { parseRequest, registrationRequest } from '../_shared/validation.ts';

/** The SQLSTATE of register_for_event's RAISE EXCEPTION: a refusal, not a failure. */
const REFUSED = 'P0001';
/** register_for_event's code for a method the event does not offer (docs/contracts.md). */
const NOT_SET_UP = 'PAYMENT_METHOD_NOT_ALLOWED' satisfies ErrorCode;

Deno.serve(
  serveJson(async (body, req) => {
    const input = parseRequest(registrationRequest, body);
    // Online payment without the Stripe secrets could never be paid: refuse it as the database
    // refuses a method the event does not offer (the form never offers it: payment-options).
    // Before the gate, so the visitor can choose another method with the same solved challenge.
    if (input.paymentMethod === 'stripe' && stripeSettings() === null) {
      throw new HttpError(400, NOT_SET_UP, { code: NOT_SET_UP, detail: 'payment_method' });
    }
    const service = createServiceClient();
    await guardPublicWrite(service, req, body, { perAddress: REGISTRATIONS_PER_ADDRESS });

    const { data, error } = await service.rpc('register_for_event', {
      p_event_id: input.eventId,
      p_name: input.name,
      p_email: input.email,
      p_phone: input.phone,
      p_payment_method: input.paymentMethod,
      p_notes: input.notes,
      p_request_id: input.requestId ?? undefined,
      p_persons: input.persons,
      p_answers: input.answers,
    });
    if (error?.code === REFUSED) {
      throw new HttpError(400, error.message, { code: error.message, detail: error.details || null });
    }
    if (error || !data || typeof data !== 'object' || Array.isArray(data)) {
      throw new Error(`register_for_event failed: ${error?.message ?? 'no receipt'}`);
    }
    return { body: { success: true, ...data } };
  }),
);
