import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { todayIso } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import type { Tables, TablesInsert } from '@common/database.ts';

// 'Rabattcodes' (issue 28): the codes with their uses now (private.discount_code_uses through
// admin_discount_codes), created and (de)activated under RLS (admins only).

/** `eventTitles`: the title of each of `event_ids`, in that order. */
export type DiscountCode = Tables<'discount_codes'> & { uses: number; eventTitles: string[] };
export type NewDiscountCode = TablesInsert<'discount_codes'>;

/** An event a new code can be limited to. */
export interface DiscountEvent {
  id: string;
  title: string;
  startDate: string;
}

const DELETED_EVENT = 'gelöschtes Event';

const discountCodesKey = [...ADMIN_ROOT_KEY, 'discount-codes'] as const;
const discountEventsKey = [...ADMIN_ROOT_KEY, 'discount-events'] as const;

// By id, not from the upcoming events: a code may still name an event that is over.
async function getEventTitles(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { data, error } = await supabase.from('events').select('id, title').in('id', ids);
  if (error) throw error;
  return new Map(data.map((event) => [event.id, event.title]));
}

export async function getDiscountCodes(): Promise<DiscountCode[]> {
  const [codes, uses] = await Promise.all([
    supabase.from('discount_codes').select('*').order('code'),
    supabase.rpc('admin_discount_codes'),
  ]);
  if (codes.error) throw codes.error;
  if (uses.error) throw uses.error;
  const usesById = new Map(uses.data.map((row) => [row.id, row.uses]));
  const titles = await getEventTitles([...new Set(codes.data.flatMap((code) => code.event_ids))]);
  return codes.data.map((code) => ({
    ...code,
    uses: usesById.get(code.id) ?? 0,
    // event_ids has no foreign key: a deleted event's id stays in the code and matches nothing.
    eventTitles: code.event_ids.map((id) => titles.get(id) ?? DELETED_EVENT),
  }));
}

export function useDiscountCodes() {
  return useQuery(queryOptions({ queryKey: discountCodesKey, queryFn: getDiscountCodes }));
}

/** The dated events from `today` on (any status), soonest first. */
export async function getUpcomingEvents(today: string): Promise<DiscountEvent[]> {
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date')
    .gte('start_date', today)
    .order('start_date', { ascending: true });
  if (error) throw error;
  // The filter already leaves out undated events; the check tells the type checker so.
  return data.flatMap((row) =>
    row.start_date === null ? [] : [{ id: row.id, title: row.title, startDate: row.start_date }],
  );
}

export function useUpcomingEvents() {
  const today = todayIso();
  return useQuery(
    queryOptions({ queryKey: [...discountEventsKey, today], queryFn: () => getUpcomingEvents(today) }),
  );
}

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: NewDiscountCode) => {
      const { error } = await supabase.from('discount_codes').insert(code);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountCodesKey }),
  });
}

export function useSetDiscountCodeActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }) => {
      const { error } = await supabase.from('discount_codes').update({ active }).eq('id', id);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountCodesKey }),
  });
}

/** The database refuses a code that exists already (discount_codes_code_key). */
export function isDuplicateCode(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
