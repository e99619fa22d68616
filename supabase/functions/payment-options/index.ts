// Tells the booking form and the admin's event form which payment methods that need a provider
// are set up: `{success, stripe, invoice}`. Public (the anon key), no input, nothing secret in
// the answer. A method that is not set up is never offered to visitors.
import { serveJson } from '../_shared/http.ts';
import { paymentOptions } from '../_shared/payment-options.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';

Deno.serve(
  serveJson(async () => {
    const options = await paymentOptions(createServiceClient());
    return { body: { success: true, ...options } };
  }),
);
