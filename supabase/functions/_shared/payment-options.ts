import { stripeSettings } from './stripe.ts';
import type { ServiceClient } from './supabase-clients.ts';

// Which payment methods that need a provider are set up (issue 15: only offer what works).
// Online payment needs both Stripe secrets (function environment); invoice needs the creditor
// row in the database (invoice_creditor). On site and free need nothing.

export interface PaymentOptions {
  stripe: boolean;
  invoice: boolean;
}

export async function paymentOptions(service: ServiceClient): Promise<PaymentOptions> {
  const { data, error } = await service.rpc('invoice_available');
  if (error) throw new Error(`invoice_available failed: ${error.message}`);
  return { stripe: stripeSettings() !== null, invoice: data === true };
}
