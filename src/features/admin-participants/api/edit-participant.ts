import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { ADMIN_GENERIC_ERROR, adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { formatChf } from '@common/format.ts';

// Contact edits and re-confirmations go through SQL functions (supabase/schemas/60_admin.sql) that
// check the input; seats and money change through the transitions (booking-transitions.ts).

export interface ParticipantEdit {
  id: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
}

function notEnoughSeats(seatsLeft: number): string {
  if (seatsLeft === 0) return 'Es sind keine Plätze mehr frei.';
  if (seatsLeft === 1) return 'Es ist nur noch 1 Platz frei.';
  return `Es sind nur noch ${seatsLeft} Plätze frei.`;
}

/** INVALID_INPUT's DETAIL names the field; the admin reads what to correct there. */
const FIELD_MESSAGES: Record<string, string> = {
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
  name: 'Bitte geben Sie einen Namen ein.',
  notes: 'Der Kommentar ist zu lang (höchstens 2000 Zeichen).',
  persons: 'Bitte geben Sie 1 bis 50 Personen an.',
};

/** The database's refusals in the admin's words (public.error_codes, generated). */
export function participantChangeError(error: unknown): string {
  const { details = '' } = (error ?? {}) as { details?: string };
  const code = errorCodeOf(error);
  if (code === 'NOT_ENOUGH_SEATS') return notEnoughSeats(Number(details));
  if (code === 'INVALID_INPUT') return FIELD_MESSAGES[details] ?? ADMIN_GENERIC_ERROR;
  // DETAIL: the most the amount may be (the balance for a refund, the open amount for a payment).
  if (code === 'AMOUNT_TOO_HIGH' && /^\d+$/.test(details))
    return `${adminErrorMessage(error)} Höchstens ${formatChf(Number(details) / 100)}.`;
  return adminErrorMessage(error);
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
