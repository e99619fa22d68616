import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { readQuestions } from '@/lib/event-questions';
import { supabase } from '@/lib/supabase';

// One month of the fondue hut (public.hut_month, issue 27): every day's state, and the rules the
// booking form needs (group size, the group price per size, payment methods, cancellation rule),
// all from the database in one request, so the page never computes a price or a rule itself.

import { EVENING_STATES } from '@/lib/hut-calendar';

const monthSchema = z.object({
  /** 'yyyy-MM'. */
  month: z.string(),
  evenings: z.array(z.object({ day: z.string(), state: z.enum(EVENING_STATES) })),
  /** 'HH:MM'. */
  start_time: z.string(),
  end_time: z.string().nullable(),
  /** ISO weekdays the hut opens (1 Monday .. 7 Sunday). */
  weekdays: z.array(z.number().int().min(1).max(7)),
  min_persons: z.number().int(),
  max_persons: z.number().int(),
  prices: z.array(
    z.object({ persons: z.number().int(), per_person: z.coerce.number(), total: z.coerce.number() }),
  ),
  payment_methods: z.array(z.string()),
  cancellation_hours: z.number().int(),
  late_cancellation_charge_percent: z.number().int(),
  location: z.string(),
  questions: z.json().transform(readQuestions),
});

export type HutMonth = z.infer<typeof monthSchema>;

export const hutKeys = {
  all: ['fondue-hut'] as const,
  month: (month: string) => ['fondue-hut', 'month', month] as const,
};

/** `month`: 'yyyy-MM'. */
export async function getHutMonth(month: string): Promise<HutMonth> {
  const { data, error } = await supabase.rpc('hut_month', { p_month: `${month}-01` });
  if (error) throw error;
  return monthSchema.parse(data);
}

export function hutMonthQueryOptions(month: string) {
  return queryOptions({ queryKey: hutKeys.month(month), queryFn: () => getHutMonth(month) });
}

/** The month shown; the previous month stays on screen while the next one loads (no jump). */
export function useHutMonth(month: string) {
  return useQuery({ ...hutMonthQueryOptions(month), placeholderData: keepPreviousData });
}
