import type { APIRequestContext } from '@playwright/test';
import { API } from './e2e-env';
import { select } from './e2e-fixtures';

/** The amounts (Rappen) the Stripe stand-in has refunded of this address's payments. */
export async function stripeRefundsOf(request: APIRequestContext, email: string): Promise<number[]> {
  const [participant] = await select('participants', `email=eq.${encodeURIComponent(email)}&select=*`);
  const intents = (await select('payments', `participant_id=eq.${participant?.id}&select=*`)).map(
    (payment) => payment.provider_reference,
  );
  const refunds = (await (await request.get(`${API}/__stripe/refunds`)).json()) as Array<{
    payment_intent: string;
    amount: number;
  }>;
  return refunds.filter((refund) => intents.includes(refund.payment_intent)).map((refund) => refund.amount);
}
