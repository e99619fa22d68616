import { queryOptions, useQuery } from '@tanstack/react-query';
import { selectAllRows } from '@/lib/all-rows';
import { supabase } from '@/lib/supabase';
import {
  EVENT_COLUMNS,
  PARTICIPANT_COLUMNS,
  toAdminParticipant,
  type AdminParticipant,
  type ParticipantRow,
} from '../lib/admin-participant';
import { participantKeys } from './participant-keys';

type EventOfRow = NonNullable<ParticipantRow['event']>;

/** The events of these bookings, by id (read apart: the gateway does not embed through a view). */
export async function eventsById(ids: readonly (string | null)[]): Promise<Map<string, EventOfRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const found = new Map<string, EventOfRow>();
  if (wanted.length === 0) return found;
  const { data, error } = await supabase.from('events').select(EVENT_COLUMNS).in('id', wanted);
  if (error) throw error;
  for (const event of data) found.set(event.id, event);
  return found;
}

/** Every booking, newest registration first; in pages, past the API's max_rows (CSV export). */
export async function getParticipants(): Promise<AdminParticipant[]> {
  const rows = await selectAllRows((from, to) =>
    supabase
      .from('admin_bookings')
      .select(PARTICIPANT_COLUMNS)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
  const events = await eventsById(rows.map((row) => row.event_id));
  return rows.map((row) => toAdminParticipant({ ...row, event: events.get(row.event_id ?? '') ?? null }));
}

export function participantsQueryOptions() {
  return queryOptions({ queryKey: participantKeys.list(), queryFn: getParticipants });
}

export function useParticipants() {
  return useQuery(participantsQueryOptions());
}
