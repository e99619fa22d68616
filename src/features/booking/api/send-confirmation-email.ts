import { supabase } from '@/lib/supabase';
import type { ConfirmationResult } from '../lib/confirmation-outcome';

interface ConfirmationAnswer {
  success: boolean;
  emailId?: string;
  error?: string;
}

/**
 * Asks the edge function to mail the participant and the provider. The token from
 * `register_for_event` proves the caller made this registration. Never throws: the registration
 * is already saved, the outcome only decides which notice the visitor sees.
 */
export async function sendConfirmationEmail(
  participantId: string,
  token: string,
): Promise<ConfirmationResult> {
  try {
    const { data, error } = await supabase.functions.invoke<ConfirmationAnswer>('send-confirmation-email', {
      body: { participantId, token },
    });
    if (error) return { ok: false, error };
    if (!data?.success) return { ok: false, error: new Error(data?.error ?? 'E-Mail wurde nicht versendet') };
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
