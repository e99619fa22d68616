import { supabase } from '@/lib/supabase';
import type { ConfirmationMailStatus } from '../lib/confirmation-outcome';

/** How often and how long the booking page asks whether the confirmation went out. */
export const STATUS_POLL_INTERVAL_MS = 750;
export const STATUS_POLL_ATTEMPTS = 12;

/**
 * The state of the confirmation mail that `register_for_event` queued in the mail outbox, as
 * `confirmation_mail_status` answers the token holder. Any failure to ask is 'queued': the mail
 * is stored with the registration whatever happens here.
 */
export async function getConfirmationMailStatus(
  participantId: string,
  token: string,
): Promise<ConfirmationMailStatus> {
  try {
    const { data, error } = await supabase.rpc('confirmation_mail_status', {
      p_participant_id: participantId,
      p_token: token,
    });
    if (error) return 'queued';
    return data === 'sent' || data === 'failed' ? data : 'queued';
  } catch {
    return 'queued';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks a few times (the worker usually delivers within a second or two), then settles. Without a
 * token (a repeated request after the mail went out) the answer is already known: sent.
 */
export async function awaitConfirmationMail(
  participantId: string,
  token: string | null,
): Promise<ConfirmationMailStatus> {
  if (token === null) return 'sent';
  for (let attempt = 1; ; attempt += 1) {
    const status = await getConfirmationMailStatus(participantId, token);
    if (status !== 'queued' || attempt >= STATUS_POLL_ATTEMPTS) return status;
    await pause(STATUS_POLL_INTERVAL_MS);
  }
}
