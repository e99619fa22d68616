import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { site } from '@/lib/site';
import {
  outcomeFromAnswer,
  outcomeFromFailure,
  type NewsletterFailure,
  type NewsletterOutcome,
} from './newsletter-outcome';

async function readBody(response: unknown): Promise<unknown> {
  try {
    return response instanceof Response ? await response.json() : undefined;
  } catch {
    return undefined; // not JSON: the outcome falls back to a generic message
  }
}

async function classify(error: unknown): Promise<NewsletterFailure> {
  // supabase-js is loaded on submit, never with the page (it is on every page's footer).
  const { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } =
    await import('@supabase/supabase-js');
  if (error instanceof FunctionsHttpError) return { kind: 'http', body: await readBody(error.context) };
  if (error instanceof FunctionsRelayError) return { kind: 'relay' };
  if (error instanceof FunctionsFetchError) return { kind: 'fetch' };
  return { kind: 'unexpected' };
}

/** Calls the newsletter-subscribe edge function; never throws, always says what happened. */
export async function subscribeToNewsletter(email: string): Promise<NewsletterOutcome> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.functions.invoke('newsletter-subscribe', {
      body: { email, ccAdmin: true, adminEmail: site.email },
    });
    if (error) return outcomeFromFailure(await classify(error));
    return outcomeFromAnswer(data);
  } catch {
    return outcomeFromFailure({ kind: 'unexpected' });
  }
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
