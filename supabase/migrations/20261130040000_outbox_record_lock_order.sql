-- The mail worker's record_outbox_attempt locked the mail row, then the booking (or enquiry) it
-- mirrors the result into. Deleting a booking locks the booking, then its mails (the foreign key
-- sets them to null): the two deadlocked (reproduced with tests/db/concurrency.test.ts, whose
-- clean-up deletes bookings while the worker records their confirmations). For the two kinds whose
-- result is mirrored (a confirmation, an enquiry's notice) the booking or enquiry is now locked
-- first, in the same order as a delete.

CREATE OR REPLACE FUNCTION public.record_outbox_attempt(p_id uuid, p_attempt integer, p_recipient text DEFAULT NULL::text, p_subject text DEFAULT NULL::text, p_provider_id text DEFAULT NULL::text, p_error text DEFAULT NULL::text, p_permanent boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_mail public.mail_outbox%rowtype;
  v_about public.mail_outbox%rowtype;
begin
  -- The row a mail's result is mirrored into (below) is locked before the mail: a booking or
  -- enquiry being deleted locks itself first and then its mails (ON DELETE SET NULL), and the
  -- other order deadlocked with it (an admin deleting a booking while its confirmation was
  -- recorded). Other kinds touch only the mail, so they lock nothing else.
  select * into v_about from public.mail_outbox o where o.id = p_id;
  if v_about.kind = 'participant_confirmation' and v_about.participant_id is not null then
    perform 1 from public.participants p where p.id = v_about.participant_id for no key update;
  end if;
  if v_about.kind = 'enquiry_notice' and v_about.enquiry_id is not null then
    perform 1 from public.enquiries q where q.id = v_about.enquiry_id for no key update;
  end if;

  update public.mail_outbox o
     set recipient = coalesce(p_recipient, o.recipient),
         subject = coalesce(left(p_subject, 500), o.subject),
         locked_until = null,
         state = case
           when p_provider_id is not null then 'sent'
           when coalesce(p_permanent, false) or o.attempts >= o.max_attempts then 'failed'
           else 'queued'
         end,
         provider_id = coalesce(p_provider_id, o.provider_id),
         sent_at = case when p_provider_id is not null then now() end,
         last_error = case when p_provider_id is null then left(coalesce(p_error, 'unknown error'), 2000) else o.last_error end,
         next_attempt_at = case
           when p_provider_id is null then now() + private.outbox_backoff(o.attempts)
           else o.next_attempt_at
         end
   where o.id = p_id and o.state = 'sending' and o.attempts = p_attempt
  returning o.* into v_mail;
  if not found then
    return null;
  end if;

  -- Mirrors for the rows the mail is about.
  if v_mail.kind = 'participant_confirmation' and v_mail.state = 'sent' then
    update public.participants p
       set confirmation_sent_at = v_mail.sent_at, confirmation_email_id = v_mail.provider_id
     where p.id = v_mail.participant_id;
  end if;
  if v_mail.kind = 'enquiry_notice' and v_mail.state in ('sent', 'failed') then
    update public.enquiries q
       set mail_status = v_mail.state,
           mail_error = case when v_mail.state = 'failed' then v_mail.last_error end
     where q.id = v_mail.enquiry_id;
  end if;
  return v_mail.state;
end;
$function$;
