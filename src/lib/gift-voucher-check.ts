import { z } from 'zod';
import { errorCode } from '@/lib/error-codes';
import { classifyFunctionError } from '@/lib/function-failure';
import { supabase } from '@/lib/supabase';
import { giftVoucherMessage, isGiftVoucherRefusal } from './gift-voucher-refusals';

// 'Einlösen' at the gift voucher's field and the balance page: what is left on a voucher
// (check-gift-voucher, limited per address; public.check_gift_voucher decides). The booking
// redeems it again under the voucher's lock, so this answer is only a preview.

const voucherSchema = z.object({
  kind: z.enum(['value', 'offer']),
  title: z.string(),
  value_cents: z.number().int(),
  balance_cents: z.number().int(),
  valid_until: z.string(),
});
export type CheckedVoucher = z.infer<typeof voucherSchema> & { code: string };

export type VoucherCheck = { ok: true; voucher: CheckedVoucher } | { ok: false; message: string };

const UNAVAILABLE = 'Der Gutschein konnte gerade nicht geprüft werden. Bitte versuche es erneut.';

const refusalSchema = z.object({
  code: z.string().optional(),
  detail: z.string().nullable().optional(),
  error: z.string().optional(),
});

export async function checkGiftVoucher(code: string): Promise<VoucherCheck> {
  const { data, error } = await supabase.functions.invoke<unknown>('check-gift-voucher', { body: { code } });
  if (error) {
    const failure = await classifyFunctionError(error);
    if (failure.kind !== 'http' || failure.status >= 500) return { ok: false, message: UNAVAILABLE };
    const refusal = refusalSchema.safeParse(failure.body);
    if (!refusal.success) return { ok: false, message: UNAVAILABLE };
    const refused = errorCode(refusal.data.code);
    if (refused && isGiftVoucherRefusal(refused)) {
      return { ok: false, message: giftVoucherMessage(refused, refusal.data.detail ?? null) };
    }
    // The function's own German text: too many checks from this address, an empty code.
    return { ok: false, message: refusal.data.error ?? UNAVAILABLE };
  }
  const answer = z.object({ voucher: voucherSchema }).safeParse(data);
  if (!answer.success) return { ok: false, message: UNAVAILABLE };
  return { ok: true, voucher: { ...answer.data.voucher, code: code.trim().toUpperCase() } };
}
