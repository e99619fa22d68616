import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { formatDateShort } from '@/lib/dates';
import type { Tables } from '@common/database.ts';
import type { HistoryEntry } from '../lib/booking-history';
import { participantKeys } from './participant-keys';

/** A literal, so supabase-js infers the row type; the moved-between events by their title. */
const HISTORY_COLUMNS =
  'id, created_at, actor, actor_name, action, status_before, status_after, persons_before, persons_after, event_before, event_after, amount_cents, note, override';

type HistoryRow = Pick<
  Tables<'booking_history'>,
  | 'id'
  | 'created_at'
  | 'actor'
  | 'actor_name'
  | 'action'
  | 'status_before'
  | 'status_after'
  | 'persons_before'
  | 'persons_after'
  | 'event_before'
  | 'event_after'
  | 'amount_cents'
  | 'note'
  | 'override'
>;

type EventNames = Map<string, string>;

function eventName(names: EventNames, id: string | null): string | null {
  return id ? (names.get(id) ?? 'gelöschtes Event') : null;
}

export function toHistoryEntry(row: HistoryRow, names: EventNames): HistoryEntry {
  const moved = row.event_before !== null && row.event_after !== null && row.event_before !== row.event_after;
  return {
    id: String(row.id),
    createdAt: row.created_at,
    actor: row.actor,
    actorName: row.actor_name ?? '',
    action: row.action,
    statusBefore: row.status_before,
    statusAfter: row.status_after,
    personsBefore: row.persons_before,
    personsAfter: row.persons_after,
    eventBefore: moved ? eventName(names, row.event_before) : null,
    eventAfter: moved ? eventName(names, row.event_after) : null,
    amountCents: row.amount_cents,
    note: row.note ?? '',
    override: row.override,
  };
}

/** A booking's history, oldest first (booking_history; admins read it, transitions write it). */
export async function getBookingHistory(participantId: string): Promise<HistoryEntry[]> {
  const { data, error } = await supabase
    .from('booking_history')
    .select(HISTORY_COLUMNS)
    .eq('participant_id', participantId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  const ids = [
    ...new Set(data.flatMap((row) => [row.event_before, row.event_after]).filter((id): id is string => !!id)),
  ];
  const names: EventNames = new Map();
  if (ids.length > 0) {
    const events = await supabase.from('events').select('id, title, start_date').in('id', ids);
    if (events.error) throw events.error;
    for (const event of events.data)
      names.set(
        event.id,
        event.start_date ? `${event.title} (${formatDateShort(event.start_date)})` : event.title,
      );
  }
  return data.map((row) => toHistoryEntry(row, names));
}

export function bookingHistoryQueryOptions(participantId: string) {
  return queryOptions({
    queryKey: participantKeys.history(participantId),
    queryFn: () => getBookingHistory(participantId),
  });
}

export function useBookingHistory(participantId: string) {
  return useQuery(bookingHistoryQueryOptions(participantId));
}
