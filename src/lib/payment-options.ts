import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { PaymentMethod } from '@/lib/event-domain';
import { supabase } from '@/lib/supabase';

// Which payment methods are set up (issue 15: only offer what works), as the payment-options
// function answers: online payment needs the Stripe keys, invoice the creditor's data. On site
// and free need nothing. Visitors are offered only what works; the admin's event form says why
// a method is missing.

const answerSchema = z.object({ stripe: z.boolean(), invoice: z.boolean() });

export type PaymentOptions = z.infer<typeof answerSchema>;

/** The methods that only work once a provider is set up. */
type NeedsSetup = keyof PaymentOptions;

function needsSetup(method: string): method is NeedsSetup {
  return method === 'stripe' || method === 'invoice';
}

export async function getPaymentOptions(): Promise<PaymentOptions> {
  const { data, error } = await supabase.functions.invoke<unknown>('payment-options', { body: {} });
  if (error) throw error;
  return answerSchema.parse(data);
}

export function paymentOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-options'] as const,
    queryFn: getPaymentOptions,
    // Set up on deployment; asked once per visit.
    staleTime: 10 * 60_000,
  });
}

export function usePaymentOptions() {
  return useQuery(paymentOptionsQueryOptions());
}

/** True while `allowed` holds a method whose set-up is still being asked. */
export function awaitsPaymentOptions(allowed: readonly string[], options: { isPending: boolean }): boolean {
  return options.isPending && allowed.some(needsSetup);
}

/**
 * The methods of `allowed` that work. Without an answer (still loading, or the question failed)
 * only those that need nothing: a visitor is never offered a payment that cannot happen.
 */
export function workingPaymentMethods<M extends string>(
  allowed: readonly M[],
  options: PaymentOptions | undefined,
): M[] {
  return allowed.filter((method) => !needsSetup(method) || options?.[method] === true);
}

/** Why the admin cannot offer a method (null when it works). */
export function paymentSetupProblem(
  method: PaymentMethod,
  options: PaymentOptions | undefined,
): string | null {
  if (!needsSetup(method) || options?.[method] === true) return null;
  if (!options)
    return 'Ob diese Zahlungsart eingerichtet ist, konnte nicht geprüft werden; Besucher sehen sie vorerst nicht.';
  return method === 'stripe'
    ? 'Nicht eingerichtet: Es fehlen die Stripe-Schlüssel (siehe Betriebsanleitung, docs/deployment.md). Besucher sehen diese Zahlungsart nicht.'
    : 'Nicht eingerichtet: Es fehlen die Angaben des Zahlungsempfängers für die QR-Rechnung (Name, Adresse, IBAN; siehe docs/deployment.md). Besucher sehen diese Zahlungsart nicht.';
}
