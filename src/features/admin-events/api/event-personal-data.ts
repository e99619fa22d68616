import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';

// 'Personendaten entfernen' on the event (issue 30, pretix's shredder): the export first
// (public.admin_event_personal_data, read-only), then the removal (public.admin_shred_event, which
// refuses with EVENT_NOT_OVER before the date the export names). docs/privacy.md.

const exportSchema = z
  .object({
    shreddableFrom: z.string().nullable(),
    bookings: z.array(z.unknown()),
    waitingList: z.array(z.unknown()),
    messages: z.array(z.unknown()),
  })
  .passthrough();

export interface EventPersonalData {
  /** The first day the data may be removed ('YYYY-MM-DD'), null for an event without a date. */
  shreddableFrom: string | null;
  bookings: number;
  /** The whole answer, as downloaded. */
  raw: unknown;
}

export async function fetchEventPersonalData(eventId: string): Promise<EventPersonalData> {
  const { data, error } = await supabase.rpc('admin_event_personal_data', { p_event_id: eventId });
  if (error) throw error;
  const parsed = exportSchema.parse(data);
  return { shreddableFrom: parsed.shreddableFrom, bookings: parsed.bookings.length, raw: data };
}

const shredSchema = z.object({ counts: z.record(z.string(), z.number()) });

export async function shredEvent(eventId: string): Promise<Record<string, number>> {
  const { data, error } = await supabase.rpc('admin_shred_event', { p_event_id: eventId });
  if (error) throw error;
  return shredSchema.parse(data).counts;
}

export function useShredEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shredEvent,
    // Participants lists and the inbox show the anonymised rows.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
