import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectAllRows } from '@/lib/all-rows';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@common/database.ts';
import { inboxKeys } from './inbox-keys';

export type NewsletterSignUp = Tables<'newsletter_subscriptions'>;

/** Every sign-up, newest first; in pages, past the API's max_rows (the CSV export needs all). */
export function getNewsletterSignUps(): Promise<NewsletterSignUp[]> {
  return selectAllRows((from, to) =>
    supabase
      .from('newsletter_subscriptions')
      .select('*')
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
}

export function newsletterSignUpsQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.newsletter(), queryFn: getNewsletterSignUps });
}

export function useNewsletterSignUps() {
  return useQuery(newsletterSignUpsQueryOptions());
}
