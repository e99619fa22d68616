// Joining an event's waiting list. Like the booking (register-for-event), visitors may not call
// the SQL function join_waitlist themselves: this function first checks the proof-of-work
// challenge (each accepted once) and the limit per client address (_shared/public-write.ts),
// then calls it with the service role. Everything else (the event is full, one entry per e-mail,
// persons limit, no existence oracle) is decided by the database; its error codes
// (docs/data-model.md, "Waiting list") are passed on as `code`, its DETAIL as `detail`.
import { HttpError, serveJson } from '../_shared/http.ts';
import { guardPublicWrite } from '../_shared/public-write.ts';
import { WAITLIST_JOINS_PER_ADDRESS } from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { parseRequest, waitlistRequest } from '../_shared/validation.ts';

/** The SQLSTATE of join_waitlist's RAISE EXCEPTION: a refusal, not a failure. */
const REFUSED = 'P0001';

Deno.serve(
  serveJson(async (body, req) => {
    const input = parseRequest(waitlistRequest, body);
    const service = createServiceClient();
    await guardPublicWrite(service, req, body, { perAddress: WAITLIST_JOINS_PER_ADDRESS });

    const { data, error } = await service.rpc('join_waitlist', {
      p_event_id: input.eventId,
      p_name: input.name,
      p_email: input.email,
      p_phone: input.phone,
      p_persons: input.persons,
      p_answers: input.answers,
    });
    if (error?.code === REFUSED) {
      throw new HttpError(400, error.message, { code: error.message, detail: error.details || null });
    }
    if (error || !data || typeof data !== 'object' || Array.isArray(data)) {
      throw new Error(`join_waitlist failed: ${error?.message ?? 'no answer'}`);
    }
    return { body: { success: true, ...data } };
  }),
);
