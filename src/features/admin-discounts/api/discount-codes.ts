import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';
import type { Tables, TablesInsert } from '@common/database.ts';

// 'Rabattcodes' (issue 28): the codes with their uses now (private.discount_code_uses through
// admin_discount_codes), created and (de)activated under RLS (admins only).

export type DiscountCode = Tables<'discount_codes'> & { uses: number };
export type NewDiscountCode = TablesInsert<'discount_codes'>;

const discountCodesKey = [...ADMIN_ROOT_KEY, 'discount-codes'] as const;

export async function getDiscountCodes(): Promise<DiscountCode[]> {
  const [codes, uses] = await Promise.all([
    supabase.from('discount_codes').select('*').order('code'),
    supabase.rpc('admin_discount_codes'),
  ]);
  if (codes.error) throw codes.error;
  if (uses.error) throw uses.error;
  const usesById = new Map(uses.data.map((row) => [row.id, row.uses]));
  return codes.data.map((code) => ({ ...code, uses: usesById.get(code.id) ?? 0 }));
}

export function useDiscountCodes() {
  return useQuery(queryOptions({ queryKey: discountCodesKey, queryFn: getDiscountCodes }));
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
