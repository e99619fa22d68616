import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';
import type { Tables, TablesInsert, TablesUpdate } from '@common/database.ts';

// 'Ticketarten' of an event (issue 28, docs/data-model.md "Ticket types"): read and written under
// RLS (admins only). The database refuses deleting a type that bookings use (TICKET_TYPE_BOOKED)
// and a second type of the same name (event_ticket_types_name_key).

export type TicketType = Tables<'event_ticket_types'>;

const ticketTypesKey = (eventId: string) => [...ADMIN_ROOT_KEY, 'ticket-types', eventId] as const;

export async function getTicketTypes(eventId: string): Promise<TicketType[]> {
  const { data, error } = await supabase
    .from('event_ticket_types')
    .select('*')
    .eq('event_id', eventId)
    .order('position')
    .order('name');
  if (error) throw error;
  return data;
}

export function useTicketTypes(eventId: string) {
  return useQuery(
    queryOptions({ queryKey: ticketTypesKey(eventId), queryFn: () => getTicketTypes(eventId) }),
  );
}

/** Adds a type, or changes one (`id`). */
export function useSaveTicketType(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...values }: TablesUpdate<'event_ticket_types'> & { id?: string }) => {
      const { error } = id
        ? await supabase.from('event_ticket_types').update(values).eq('id', id)
        : await supabase
            .from('event_ticket_types')
            .insert({ ...values, event_id: eventId } as TablesInsert<'event_ticket_types'>);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketTypesKey(eventId) }),
  });
}

export function useDeleteTicketType(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.from('event_ticket_types').delete().eq('id', id);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketTypesKey(eventId) }),
  });
}

/** A second type of the same name in the event (event_ticket_types_name_key). */
export function isDuplicateName(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

// The booked persons per type (admin_event_ticket_counts): the dashboard's upcoming events and
// the participants list of one event show them.

export interface TicketCount {
  name: string;
  persons: number;
}

/** 'Erwachsene 12 · Kinder 5'; '' for an event without types. */
export function ticketCountsText(counts: TicketCount[]): string {
  return counts.map((count) => `${count.name} ${count.persons}`).join(' · ');
}

/** Per event of `eventIds`, its types with the persons booked (bookings holding seats). */
export async function getTicketCounts(eventIds: string[]): Promise<Map<string, TicketCount[]>> {
  const counts = new Map<string, TicketCount[]>();
  if (eventIds.length === 0) return counts;
  const { data, error } = await supabase.rpc('admin_event_ticket_counts', { p_event_ids: eventIds });
  if (error) throw error;
  for (const row of data) {
    counts.set(row.event_id, [...(counts.get(row.event_id) ?? []), { name: row.name, persons: row.persons }]);
  }
  return counts;
}

export function useEventTicketCounts(eventId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...ADMIN_ROOT_KEY, 'ticket-counts', eventId] as const,
      queryFn: async () => (eventId ? ((await getTicketCounts([eventId])).get(eventId) ?? []) : []),
      enabled: eventId !== null,
    }),
  );
}
