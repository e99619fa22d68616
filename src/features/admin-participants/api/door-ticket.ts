import { z } from 'zod';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { supabase } from '@/lib/supabase';

// A scanned ticket at the door (issue 28, docs/checkin.md): looked up (admin_ticket_booking),
// then checked in (admin_check_in_ticket) for the event whose door this is. A lost connection
// is told apart from a refusal, so the scan can wait in the offline queue.

const doorAnswerSchema = z.object({
  participant_id: z.string(),
  reference: z.string(),
  name: z.string(),
  persons: z.number().int(),
  checked_in_persons: z.number().int(),
  already_checked_in: z.boolean(),
  /** 'HH:MM' in Zurich, the first check-in; null before it. */
  checked_in_time: z.string().nullable(),
  payment_method: z.string(),
  open_cents: z.number().int(),
  /** The tickets per type (issue 28); null for an event without types. */
  tickets: z
    .array(z.object({ name: z.string(), persons: z.number().int() }))
    .nullish()
    .transform((tickets) => tickets ?? null),
});
export type DoorAnswer = z.infer<typeof doorAnswerSchema>;

/** Why a scan got no answer: no connection (queue it), or the database refused it (say why). */
export class DoorError extends Error {
  constructor(
    readonly offline: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'DoorError';
  }
}

function doorError(error: { message: string; details?: string | null; code?: string }): DoorError {
  const code = errorCodeOf(error);
  if (code === 'TICKET_OTHER_EVENT' && error.details)
    return new DoorError(false, `Dieses Ticket gilt für ein anderes Event: ${error.details}.`);
  if (code) return new DoorError(false, adminErrorMessage(error));
  // supabase-js answers a failed fetch as an error without an SQLSTATE.
  const offline = (typeof navigator !== 'undefined' && !navigator.onLine) || !error.code;
  return new DoorError(
    offline,
    offline
      ? 'Keine Verbindung.'
      : 'Das Ticket konnte nicht geprüft werden. Bitte versuchen Sie es noch einmal.',
  );
}

export async function lookUpTicket(eventId: string, code: string): Promise<DoorAnswer> {
  const { data, error } = await supabase.rpc('admin_ticket_booking', { p_code: code, p_event_id: eventId });
  if (error) throw doorError(error);
  return doorAnswerSchema.parse(data);
}

export async function checkInTicket(
  eventId: string,
  code: string,
  persons: number | null,
): Promise<DoorAnswer> {
  const { data, error } = await supabase.rpc('admin_check_in_ticket', {
    p_code: code,
    p_event_id: eventId,
    ...(persons === null ? {} : { p_persons: persons }),
  });
  if (error) throw doorError(error);
  return doorAnswerSchema.parse(data);
}
