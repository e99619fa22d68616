import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';
import { personExportSchema, type PersonExport } from '../lib/person-export';

/** The address as the booking rules compare it (private.email_key: trimmed, lower case). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Everything stored about the address (public.admin_person_data), parsed, plus the raw answer. */
export async function fetchPersonData(email: string): Promise<{ data: PersonExport; raw: unknown }> {
  const { data, error } = await supabase.rpc('admin_person_data', { p_email: emailKey(email) });
  if (error) throw error;
  return { data: personExportSchema.parse(data), raw: data };
}

const eraseResultSchema = z.object({ erased: z.boolean(), counts: z.record(z.string(), z.number()) });
export type EraseResult = z.infer<typeof eraseResultSchema>;

/** The erasure request (public.admin_erase_person; docs/privacy.md). */
export async function erasePerson(email: string): Promise<EraseResult> {
  const { data, error } = await supabase.rpc('admin_erase_person', { p_email: emailKey(email) });
  if (error) throw error;
  return eraseResultSchema.parse(data);
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePerson,
    // Participants lists, inbox and outbox show the anonymised rows.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
