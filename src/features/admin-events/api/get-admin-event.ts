import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminEventKeys } from './event-keys';
import { toAdminEvent, type AdminEvent, type EventRow } from './event-types';

/** `null` when no event has this id. */
export async function getAdminEvent(id: string): Promise<AdminEvent | null> {
  const { data, error } = await supabase.from('events').select('*').eq('id', id).maybeSingle<EventRow>();
  if (error) throw error;
  return data ? toAdminEvent(data) : null;
}

export function useAdminEvent(id: string | undefined) {
  return useQuery({
    queryKey: adminEventKeys.detail(id ?? ''),
    queryFn: () => getAdminEvent(id ?? ''),
    enabled: !!id,
  });
}
