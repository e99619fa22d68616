// Confirmation mail after a registration: to the participant (with an .ics file) and a notice
// to the provider. Recipients and content come only from the database, never from the caller,
// and participants.confirmation_sent_at makes a repeated call answer without mailing again.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { siteSettings } from '../_shared/env.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { buildIcs, toBase64 } from '../_shared/ics.ts';
import { type MailAttachment, sendMail } from '../_shared/mail.ts';
import { clientIp, enforceRateLimits } from '../_shared/rate-limit.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import {
  type MailEvent,
  type MailParticipant,
  participantConfirmation,
  providerRegistrationNotice,
} from '../_shared/templates.ts';
import { confirmationRequest, parseRequest } from '../_shared/validation.ts';
import {
  loadParticipant,
  participantForAdmin,
  participantForToken,
  type ParticipantRow,
} from './participant-access.ts';

const MAIL_FAILED = 'Die Bestätigungs-E-Mail konnte nicht gesendet werden. Die Anmeldung ist gespeichert.';
const IN_PROGRESS = 'Die Bestätigungs-E-Mail wird gerade gesendet.';

interface EventRow {
  id: string;
  title: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  time: string | null;
  location: string | null;
  price: number | string;
  bring_along: string | null;
}

async function loadEvent(service: SupabaseClient, id: string): Promise<MailEvent> {
  const { data, error } = await service
    .from('events')
    .select('id, title, description, start_date, end_date, time, location, price, bring_along')
    .eq('id', id)
    .single<EventRow>();
  if (error || !data) throw new Error(`Loading the event ${id} failed: ${error?.message}`);
  return {
    title: data.title,
    description: data.description ?? '',
    startDate: data.start_date,
    endDate: data.end_date,
    time: data.time ?? '',
    location: data.location ?? '',
    price: data.price,
    bringAlong: data.bring_along,
  };
}

function toMailParticipant(row: ParticipantRow): MailParticipant {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    notes: row.notes ?? '',
  };
}

function calendarAttachment(participant: ParticipantRow, event: MailEvent): MailAttachment[] {
  const site = siteSettings();
  const ics = buildIcs({
    uid: `${participant.id}@${new URL(site.url).hostname}`,
    title: event.title,
    description: event.description,
    location: event.location,
    startDate: event.startDate,
    endDate: event.endDate,
    time: event.time,
    url: site.url,
  });
  return ics
    ? [{ filename: 'event.ics', content: toBase64(ics), contentType: 'text/calendar; charset=utf-8' }]
    : [];
}

function alreadySent(participant: ParticipantRow) {
  return { body: { success: true, emailId: participant.confirmation_email_id, alreadySent: true } };
}

Deno.serve(
  serveJson(async (body, req) => {
    const input = parseRequest(confirmationRequest, body);
    const service = createServiceClient();

    let participant: ParticipantRow;
    if (input.token) {
      await enforceRateLimits(service, [
        { key: `confirmation:ip:${clientIp(req)}`, limit: 20, windowSeconds: 600 },
      ]);
      participant = await participantForToken(service, input.participantId, input.token);
    } else {
      participant = await participantForAdmin(req, service, input.participantId);
    }
    if (participant.confirmation_sent_at) return alreadySent(participant);

    const event = await loadEvent(service, participant.event_id);

    const { data: claimed, error: claimError } = await service.rpc('claim_confirmation_mail', {
      p_participant_id: participant.id,
    });
    if (claimError) throw new Error(`Claiming the confirmation mail failed: ${claimError.message}`);
    if (claimed !== true) {
      const current = await loadParticipant(service, participant.id);
      if (current?.confirmation_sent_at) return alreadySent(current);
      throw new HttpError(409, IN_PROGRESS);
    }

    const site = siteSettings();
    const mailParticipant = toMailParticipant(participant);
    const sent = await sendMail({
      ...participantConfirmation(site, mailParticipant, event),
      to: [participant.email],
      replyTo: site.email,
      attachments: calendarAttachment(participant, event),
      idempotencyKey: `confirmation-${participant.id}`,
    });
    if (!sent.ok) {
      console.error('Confirmation mail failed', participant.id, sent.error);
      // Give the claim back so a later call (or an admin) can try again.
      await service.from('participants').update({ confirmation_claimed_at: null }).eq('id', participant.id);
      throw new HttpError(502, MAIL_FAILED);
    }

    const { error: markError } = await service
      .from('participants')
      .update({
        confirmation_sent_at: new Date().toISOString(),
        confirmation_email_id: sent.id,
        confirmation_claimed_at: null,
      })
      .eq('id', participant.id);
    if (markError) console.error('Recording the sent confirmation failed', participant.id, markError.message);

    // The participant has their mail; a failed notice to the provider is logged, not fatal.
    const notice = await sendMail({
      ...providerRegistrationNotice(site, mailParticipant, event),
      to: [site.email],
      replyTo: participant.email,
      idempotencyKey: `registration-notice-${participant.id}`,
    });
    if (!notice.ok) console.error('Registration notice to the provider failed', participant.id, notice.error);

    return { body: { success: true, emailId: sent.id, providerNotified: notice.ok } };
  }),
);
