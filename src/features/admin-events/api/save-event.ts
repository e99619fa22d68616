import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { ADMIN_EVENT_COLUMNS, type EventRow, type EventWrite } from '../lib/admin-event';

export interface SaveEventInput {
  /** Absent for a new event. */
  id?: string;
  values: EventWrite;
}

export async function saveEvent({ id, values }: SaveEventInput): Promise<EventRow> {
  const request = id
    ? supabase.from('events').update(values).eq('id', id).select(ADMIN_EVENT_COLUMNS).single()
    : supabase.from('events').insert(values).select(ADMIN_EVENT_COLUMNS).single();
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
