import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@common/database.ts';
import { inboxKeys } from './inbox-keys';

export type NewsletterSignUp = Tables<'newsletter_subscriptions'>;

export async function getNewsletterSignUps(): Promise<NewsletterSignUp[]> {
  const { data, error } = await supabase
    .from('newsletter_subscriptions')
    .select('*')
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export function newsletterSignUpsQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.newsletter(), queryFn: getNewsletterSignUps });
}

export function useNewsletterSignUps() {
  return useQuery(newsletterSignUpsQueryOptions());
}
