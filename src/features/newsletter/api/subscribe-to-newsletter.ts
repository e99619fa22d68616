import { useMutation } from '@tanstack/react-query';
import { classifyFunctionError } from '@/lib/function-failure';
import { loadSupabase } from '@/lib/load-supabase';
import { site } from '@/lib/site';
import { outcomeFromAnswer, outcomeFromFailure, type NewsletterOutcome } from '../lib/newsletter-outcome';

export interface NewsletterRequest {
  email: string;
  /** The solved proof-of-work challenge (src/components/proof-of-work.tsx). */
  altcha: string;
}

/** Calls the newsletter-subscribe edge function; never throws, always says what happened. */
export async function subscribeToNewsletter({
  email,
  altcha,
}: NewsletterRequest): Promise<NewsletterOutcome> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.functions.invoke('newsletter-subscribe', {
      body: { email, ccAdmin: true, adminEmail: site.email, altcha },
    });
    if (error) return outcomeFromFailure(await classifyFunctionError(error));
    return outcomeFromAnswer(data);
  } catch {
    return outcomeFromFailure({ kind: 'unexpected' });
  }
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
