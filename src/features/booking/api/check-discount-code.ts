import { z } from 'zod';
import { errorCodeOf } from '@/lib/error-codes';
import { supabase } from '@/lib/supabase';
import type { TicketCounts } from './ticket-choices';
import { discountCodeMessage, isDiscountCodeRefusal } from '../lib/discount-code';

// 'Einlösen' in the booking form: what a discount code takes off this event for these persons
// (public.check_discount_code, docs/data-model.md "Discount codes"). The booking checks again.

const appliedSchema = z.object({
  code: z.string(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type AppliedDiscount = z.infer<typeof appliedSchema>;

export type DiscountCheck = { ok: true; applied: AppliedDiscount } | { ok: false; message: string };

export async function checkDiscountCode(
  eventId: string,
  code: string,
  persons: number,
  tickets?: TicketCounts,
): Promise<DiscountCheck> {
  const { data, error } = await supabase.rpc('check_discount_code', {
    p_event_id: eventId,
    p_code: code,
    p_persons: persons,
    // With ticket types the code comes off the tickets' sum.
    ...(tickets ? { p_tickets: tickets } : {}),
  });
  if (error) {
    const refusal = errorCodeOf(error);
    if (refusal && isDiscountCodeRefusal(refusal)) {
      return { ok: false, message: discountCodeMessage(refusal, error.details || null) };
    }
    return { ok: false, message: 'Der Code konnte gerade nicht geprüft werden. Bitte versuche es erneut.' };
  }
  return { ok: true, applied: appliedSchema.parse(data) };
}
