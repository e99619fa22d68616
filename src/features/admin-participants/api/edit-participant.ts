import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

// Edits, moves and re-confirmations go through SQL functions (migration 20261124001520) that
// check the input and the target event's seats in the same transaction.

export interface ParticipantEdit {
  id: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
  persons: number;
}

function notEnoughSeats(seatsLeft: number): string {
  if (seatsLeft === 0) return 'Es sind keine Plätze mehr frei.';
  if (seatsLeft === 1) return 'Es ist nur noch 1 Platz frei.';
  return `Es sind nur noch ${seatsLeft} Plätze frei.`;
}

/** The database's refusals in the admin's words; null when it is not one of them. */
export function participantChangeError(error: unknown): string {
  const { message = '', details = '' } = (error ?? {}) as { message?: string; details?: string };
  if (message === 'EVENT_SOLD_OUT') return 'Das Event ist ausgebucht.';
  if (message === 'NOT_ENOUGH_SEATS') return notEnoughSeats(Number(details));
  if (message === 'EVENT_CANCELLED') return 'Das Event ist abgesagt.';
  if (message === 'EVENT_NOT_FOUND') return 'Das Event gibt es nicht mehr.';
  if (message === 'PARTICIPANT_NOT_FOUND') return 'Die Anmeldung gibt es nicht mehr.';
  if (message === 'PARTICIPANT_CHANGED')
    return 'Die Anmeldung wurde gerade geändert. Bitte laden Sie die Seite neu.';
  if (message === 'INVALID_INPUT') {
    if (details === 'email') return 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
    if (details === 'phone') return 'Bitte geben Sie eine gültige Telefonnummer ein.';
    if (details === 'name') return 'Bitte geben Sie einen Namen ein.';
    if (details === 'notes') return 'Der Kommentar ist zu lang (höchstens 2000 Zeichen).';
    if (details === 'persons') return 'Bitte geben Sie 1 bis 50 Personen an.';
  }
  return 'Bitte versuchen Sie es später noch einmal.';
}

function useAdminMutation<Variables>(mutationFn: (variables: Variables) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

export function useUpdateParticipant() {
  return useAdminMutation(async (edit: ParticipantEdit) => {
    const { error } = await supabase.rpc('admin_update_participant', {
      p_participant_id: edit.id,
      p_name: edit.name,
      p_email: edit.email,
      p_phone: edit.phone,
      p_notes: edit.notes,
      p_persons: edit.persons,
    });
    if (error) throw error;
  });
}

export function useMoveParticipant() {
  return useAdminMutation(async ({ id, eventId }: { id: string; eventId: string }) => {
    const { error } = await supabase.rpc('admin_move_participant', {
      p_participant_id: id,
      p_event_id: eventId,
    });
    if (error) throw error;
  });
}

export function useResendConfirmation() {
  return useAdminMutation(async (id: string) => {
    const { error } = await supabase.rpc('admin_resend_confirmation', { p_participant_id: id });
    if (error) throw error;
  });
}
