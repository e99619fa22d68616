// Public booking of a fondue hut evening (issue 27). The same input layer as register-for-event
// (_shared/validation.ts, the proof-of-work challenge and the limit of bookings per client
// address in _shared/public-write.ts); then book_hut_evening decides with the service role: the
// season, the weekday, blocks, one group per evening, the group size, the payment method, and it
// books the evening's hut event through the event booking's transition. Its error codes
// (docs/contracts.md) are passed on as `code`, its DETAIL as `detail`. The client address goes
// along as for events: one booking takes the whole evening, so an evening booked on site or by
// invoice is held until the link in its mail is clicked (private.book), and the persons per
// address are counted like an event's.
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
import { hutBookingRequest, parseRequest } from '../_shared/validation.ts';

/** The SQLSTATE of RAISE EXCEPTION: a refusal, not a failure. */
const REFUSED = 'P0001';
const NOT_SET_UP = 'PAYMENT_METHOD_NOT_ALLOWED' satisfies ErrorCode;
const PERSONS_LIMIT = 'ADDRESS_PERSONS_LIMIT' satisfies ErrorCode;

Deno.serve(
  serveJson(async (body, req) => {
    const input = parseRequest(hutBookingRequest, body);
    // Online payment without the Stripe secrets could never be paid (as register-for-event).
    if (input.paymentMethod === 'stripe' && stripeSettings() === null) {
      throw new HttpError(400, NOT_SET_UP, { code: NOT_SET_UP, detail: 'payment_method' });
    }
    const service = createServiceClient();
    await guardPublicWrite(service, req, body, { perAddress: REGISTRATIONS_PER_ADDRESS });

    const { data, error } = await service.rpc('book_hut_evening', {
      p_day: input.day,
      p_name: input.name,
      p_email: input.email,
      p_phone: input.phone,
      p_payment_method: input.paymentMethod,
      p_notes: input.notes,
      p_request_id: input.requestId ?? undefined,
      p_persons: input.persons,
      p_answers: input.answers,
      p_address_key: `ip:${clientAddress(req)}`,
      p_persons_per_address: limitOf(PERSONS_PER_EVENT_PER_ADDRESS),
      p_voucher_code: input.voucherCode.trim() || undefined,
    });
    if (error?.code === REFUSED && error.message === PERSONS_LIMIT) {
      throw new HttpError(429, personsLimitMessage(Number(error.details)));
    }
    if (error?.code === REFUSED) {
      throw new HttpError(400, error.message, { code: error.message, detail: error.details || null });
    }
    if (error || !data || typeof data !== 'object' || Array.isArray(data)) {
      throw new Error(`book_hut_evening failed: ${error?.message ?? 'no receipt'}`);
    }
    return { body: { success: true, ...data } };
  }),
);
