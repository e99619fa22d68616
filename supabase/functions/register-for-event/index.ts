// Public registration. Visitors may not call the SQL function register_for_event themselves:
// this function first checks the proof-of-work challenge (each accepted once) and the limit of
// registrations per client address (_shared/public-write.ts), then calls it with the service
// role, passing the client address so that the database counts the persons per address and
// event in the booking's own transaction (_shared/rate-limit.ts, private.persons_allowance).
// Everything else (capacity, persons, payment method, the e-mail-once rule, no existence
// oracle) is decided by the database; its error codes (docs/contracts.md) are passed on as
// `code`, its DETAIL (the field, or a number for the persons errors) as `detail`.
import type { ErrorCode } from '@common/error-codes.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { guardPublicWrite } from '../_shared/public-write.ts';
import { stripeSettings } from '../_shared/stripe.ts';
import {
  clientAddress,
  limitOf,
  PERSONS_PER_EVENT_PER_ADDRESS,
  personsLimitMessage,
  REGISTRATIONS_PER_ADDRESS,
} from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { parseRequest, registrationRequest } from '../_shared/validation.ts';

/** The SQLSTATE of register_for_event's RAISE EXCEPTION: a refusal, not a failure. */
const REFUSED = 'P0001';
/** register_for_event's code for a method the event does not offer (docs/contracts.md). */
const NOT_SET_UP = 'PAYMENT_METHOD_NOT_ALLOWED' satisfies ErrorCode;
/** register_for_event's code when the address has booked its persons for the event (DETAIL: how many). */
const PERSONS_LIMIT = 'ADDRESS_PERSONS_LIMIT' satisfies ErrorCode;

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
      // Persons, not requests: the database counts the persons of this booking against the
      // address's allowance for the event in the booking's own transaction (a refused booking
      // counts nothing; a retry of a stored request id is answered before anything is counted).
      p_address_key: `ip:${clientAddress(req)}`,
      p_persons_per_address: limitOf(PERSONS_PER_EVENT_PER_ADDRESS),
      p_discount_code: input.discountCode.trim() || undefined,
      p_tickets: input.tickets ?? undefined,
      p_voucher_code: input.voucherCode.trim() || undefined,
    });
    if (error?.code === REFUSED && error.message === PERSONS_LIMIT) {
      throw new HttpError(429, personsLimitMessage(Number(error.details)));
    }
    if (error?.code === REFUSED) {
      throw new HttpError(400, error.message, { code: error.message, detail: error.details || null });
    }
    if (error || !data || typeof data !== 'object' || Array.isArray(data)) {
      throw new Error(`register_for_event failed: ${error?.message ?? 'no receipt'}`);
    }
    return { body: { success: true, ...data } };
  }),
);
