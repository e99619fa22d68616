import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { EventOption } from '../lib/admin-participant';
import { participantKeys } from './participant-keys';

/** Every event (any status), soonest first, for the filters, the add form and the move dialog. */
export async function getEventOptions(): Promise<EventOption[]> {
  const { data, error } = await supabase
    .from('events')
    .select('id, title, start_date, status, is_cancelled, price, payment_methods')
    .order('start_date', { ascending: true, nullsFirst: false });
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    title: row.title,
    startDate: row.start_date,
    status: row.status,
    isCancelled: row.is_cancelled,
    priceCents: Math.round(Number(row.price) * 100),
    paymentMethods: row.payment_methods,
  }));
}

export function eventOptionsQueryOptions() {
  return queryOptions({ queryKey: participantKeys.eventOptions(), queryFn: getEventOptions });
}

export function useEventOptions() {
  return useQuery(eventOptionsQueryOptions());
}
