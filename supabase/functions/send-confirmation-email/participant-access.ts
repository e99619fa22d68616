import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { HttpError } from '../_shared/http.ts';
import { createUserClient } from '../_shared/supabase-clients.ts';
import { tokenMatchesHash } from '../_shared/tokens.ts';

// Who may trigger the confirmation mail for a participant: the visitor who just registered
// (holding the one-time token register_for_event returned) or an admin (their JWT).

export interface ParticipantRow {
  id: string;
  event_id: string;
  name: string;
  email: string;
  phone: string;
  payment_method: string;
  payment_status: string;
  notes: string | null;
  confirmation_token_hash: string | null;
  confirmation_sent_at: string | null;
  confirmation_email_id: string | null;
}

const PARTICIPANT_COLUMNS =
  'id, event_id, name, email, phone, payment_method, payment_status, notes, confirmation_token_hash, confirmation_sent_at, confirmation_email_id';

const INVALID_TOKEN = 'Der Bestätigungscode ist ungültig.';

export async function loadParticipant(service: SupabaseClient, id: string): Promise<ParticipantRow | null> {
  const { data, error } = await service
    .from('participants')
    .select(PARTICIPANT_COLUMNS)
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(`Loading the participant failed: ${error.message}`);
  return data as ParticipantRow | null;
}

/** The same answer for an unknown id and a wrong token, so ids cannot be probed. */
export async function participantForToken(
  service: SupabaseClient,
  id: string,
  token: string,
): Promise<ParticipantRow> {
  const participant = await loadParticipant(service, id);
  if (!participant || !(await tokenMatchesHash(token, participant.confirmation_token_hash))) {
    throw new HttpError(403, INVALID_TOKEN);
  }
  return participant;
}

export async function participantForAdmin(
  req: Request,
  service: SupabaseClient,
  id: string,
): Promise<ParticipantRow> {
  if (!/^Bearer\s+\S+/i.test(req.headers.get('Authorization') ?? '')) {
    throw new HttpError(401, 'Bitte melde dich an.');
  }
  const { data: isAdmin, error } = await createUserClient(req).rpc('is_admin');
  if (error) throw new HttpError(401, 'Bitte melde dich an.');
  if (isAdmin !== true)
    throw new HttpError(403, 'Nur Admins können Bestätigungen ohne Bestätigungscode senden.');
  const participant = await loadParticipant(service, id);
  if (!participant) throw new HttpError(404, 'Teilnehmer nicht gefunden.');
  return participant;
}
