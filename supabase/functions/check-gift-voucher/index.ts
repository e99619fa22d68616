// A gift voucher's balance and validity by its code (issue 28): the booking form shows what the
// voucher will pay, the balance page what is left on it. Codes carry 100 random bits, so guessing
// is hopeless anyway; the limit per client address keeps anyone from trying at scale and keeps
// this public call in line with the others (_shared/rate-limit.ts). The database decides the
// answer (public.check_gift_voucher); its refusals (GIFT_VOUCHER_*) are passed on as `code`.
import { HttpError, serveJson } from '../_shared/http.ts';
import { addressRule, enforceRateLimits, GIFT_VOUCHER_CHECKS_PER_ADDRESS } from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { giftVoucherCheckRequest, parseRequest } from '../_shared/validation.ts';

/** The SQLSTATE of check_gift_voucher's RAISE EXCEPTION: a refusal, not a failure. */
const REFUSED = 'P0001';

Deno.serve(
  serveJson(async (body, req) => {
    const input = parseRequest(giftVoucherCheckRequest, body);
    const service = createServiceClient();
    await enforceRateLimits(service, [addressRule(GIFT_VOUCHER_CHECKS_PER_ADDRESS, req)]);
    const { data, error } = await service.rpc('check_gift_voucher', { p_code: input.code });
    if (error?.code === REFUSED) {
      throw new HttpError(400, error.message, { code: error.message, detail: error.details || null });
    }
    if (error || !data || typeof data !== 'object' || Array.isArray(data)) {
      throw new Error(`check_gift_voucher failed: ${error?.message ?? 'no answer'}`);
    }
    return { body: { success: true, voucher: data } };
  }),
);
