import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { readQuestions } from '@/lib/event-questions';
import { supabase } from '@/lib/supabase';

// What a waiting-list link (leave or offer) shows, as waitlist_link(token) answers the token's
// holder (docs/data-model.md, "Waiting list"). The jsonb answer is checked here.

const linkSchema = z.object({
  kind: z.enum(['leave', 'offer']),
  /** 'expired' also for an open offer whose time ran out before the job ended it. */
  status: z.enum(['waiting', 'offered', 'claimed', 'left', 'removed', 'expired']),
  /** Place in the list (1 = next); 0 once out of it. */
  position: z.number(),
  persons: z.number(),
  offer_expires_at: z.string().nullable(),
  /** What the holder answered on joining, by question id (the claim page starts from these). */
  answers: z
    .record(z.string(), z.unknown())
    .transform((answers) =>
      Object.fromEntries(
        Object.entries(answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
    ),
  event: z.object({
    title: z.string(),
    slug: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    /** 'HH:MM' or null (events.start_time / end_time). */
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    location: z.string(),
    price: z.number(),
    payment_methods: z.array(z.string()),
    is_cancelled: z.boolean(),
    /** The event's questions now (a required one may have been added since joining). */
    questions: z.json().transform(readQuestions),
    /** The event's ticket types (issue 28): the claim splits the offered persons among them. */
    ticket_types: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          price: z.number(),
          note: z.string(),
          seats_left: z.number().nullable(),
        }),
      )
      .optional()
      .default([]),
  }),
});

export type WaitlistLink = z.infer<typeof linkSchema>;

/** Null for an unknown token (the database does not tell which tokens exist). */
export async function fetchWaitlistLink(token: string): Promise<WaitlistLink | null> {
  const { data, error } = await supabase.rpc('waitlist_link', { p_token: token });
  if (error) throw error;
  return data === null ? null : linkSchema.parse(data);
}

export const waitlistKeys = {
  all: ['waitlist-link'] as const,
  link: (token: string) => [...waitlistKeys.all, token] as const,
};

export const waitlistLinkQuery = (token: string) =>
  queryOptions({
    queryKey: waitlistKeys.link(token),
    queryFn: () => fetchWaitlistLink(token),
    enabled: token !== '',
  });

export function useWaitlistLink(token: string) {
  return useQuery(waitlistLinkQuery(token));
}
