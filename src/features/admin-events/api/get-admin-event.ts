import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_EVENT_COLUMNS, toAdminEvent, type AdminEvent } from '../lib/admin-event';
import { adminEventKeys } from './event-keys';

/** `null` when no event has this id. */
export async function getAdminEvent(id: string): Promise<AdminEvent | null> {
  const { data, error } = await supabase
    .from('events')
    .select(ADMIN_EVENT_COLUMNS)
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data ? toAdminEvent(data) : null;
}

export function adminEventQueryOptions(id: string) {
  return queryOptions({ queryKey: adminEventKeys.detail(id), queryFn: () => getAdminEvent(id) });
}

export function useAdminEvent(id: string | undefined) {
  return useQuery({ ...adminEventQueryOptions(id ?? ''), enabled: !!id });
}
