import { z } from 'zod';

// The answer of public.gift_voucher_shop() (a jsonb the generated types call Json), checked when
// it arrives. Loaded with the shop's request, not with the page: zod stays off /gutscheine's
// initial JavaScript.

export const shopSchema = z.object({
  min_cents: z.number().int(),
  max_cents: z.number().int(),
  validity_years: z.number().int(),
  offers: z.array(
    z.object({ id: z.string(), title: z.string(), description: z.string(), price_cents: z.number().int() }),
  ),
});
