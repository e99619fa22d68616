import { supabase } from '@/lib/supabase';
import type { ScheduleBefore } from '../lib/schedule-change';

// Both notices go through the outbox, once per address that booked or waits (core's SQL
// functions, admin-checked). Each answers the number of mails queued.

/** The event is already cancelled: tell everybody. */
export async function notifyEventCancelled(eventId: string, message: string): Promise<number> {
  const { data, error } = await supabase.rpc('admin_notify_event_cancelled', {
    p_event_id: eventId,
    p_message: message,
  });
  if (error) throw error;
  return data;
}

/** The event was saved with a new date, time or place: announce old -> new. */
export async function notifyEventChanged(
  eventId: string,
  before: ScheduleBefore,
  message: string,
): Promise<number> {
  const { data, error } = await supabase.rpc('admin_notify_event_changed', {
    p_event_id: eventId,
    p_old_start_date: before.startDate,
    p_old_end_date: before.endDate,
    p_old_start_time: before.startTime ?? undefined,
    p_old_end_time: before.endTime ?? undefined,
    p_old_location: before.location,
    p_message: message,
  });
  if (error) throw error;
  return data;
}
