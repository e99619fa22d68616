-- Retention (issue 30): the rules admin_message and bookkeeping now also reach the admin's
-- messages to participants (participant_messages) and the bank import's debtor names, remittance
-- texts and notes (bank_entries), which were on the personal-data map but not yet applied.
-- The rest of private.apply_retention is unchanged.
create or replace function private.apply_retention()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.now();
  v_today date := private.today_in_zurich();
  v_days jsonb := (select jsonb_object_agg(r.key, r.keep_days) from public.retention_rules r);
  v_mails integer;
  v_enquiries integer;
  v_newsletter integer;
  v_waitlist integer;
  v_contacts integer;
  v_bookings integer;
  v_messages integer;
  v_bank integer;
begin
  -- Delivered mails lose content and address; kind, state, times and a hash of the recipient
  -- (to answer "did you write to me?") stay. A reminder keeps its event and date, which the
  -- reminder job reads to send each reminder once.
  update public.mail_outbox o
  set payload = jsonb_strip_nulls(jsonb_build_object(
        'anonymisiert', true,
        'recipientHash', private.token_hash(lower(btrim(coalesce(o.recipient, o.payload #>> '{participant,email}', '')))),
        'reminder', case when o.kind = 'event_reminder' then jsonb_build_object(
          'eventId', o.payload #>> '{reminder,eventId}', 'startDate', o.payload #>> '{reminder,startDate}') end)),
      recipient = null,
      subject = null,
      last_error = null
  where o.state = 'sent'
    and o.sent_at < v_now - make_interval(days => (v_days ->> 'mail_payload')::int)
    and not (o.payload ? 'anonymisiert');
  get diagnostics v_mails = row_count;

  update public.enquiries q
  set name = 'anonymisiert', email = private.anonymised_email(), subject = 'anonymisiert',
      message = 'anonymisiert', mail_error = null
  where q.handled_at < v_now - make_interval(days => (v_days ->> 'enquiry')::int)
    and q.email <> private.anonymised_email();
  get diagnostics v_enquiries = row_count;

  delete from public.newsletter_subscriptions s
  where s.status = 'pending'
    and s.created_at < v_now - make_interval(days => (v_days ->> 'newsletter_unconfirmed')::int);
  get diagnostics v_newsletter = row_count;

  delete from public.waitlist_entries w
  using public.events e
  where e.id = w.event_id
    and coalesce(e.end_date, e.start_date) + (v_days ->> 'waitlist')::int < v_today;
  get diagnostics v_waitlist = row_count;

  update public.participants p
  set email = private.anonymised_email(), phone = '000', notes = '', answers = '[]'::jsonb,
      contact_removed_at = v_now
  from public.events e
  where e.id = p.event_id
    and p.contact_removed_at is null
    and coalesce(e.end_date, e.start_date) + (v_days ->> 'participant_contact')::int < v_today;
  get diagnostics v_contacts = row_count;

  -- After the ten years of the books: the name goes too, and so do the names and notes the
  -- history and the payments hold about this booking. Rows stay (marked), amounts and dates stay.
  with done as (
    update public.participants p
    set name = 'anonymisiert', email = private.anonymised_email(), phone = '000', notes = '',
        answers = '[]'::jsonb, contact_removed_at = coalesce(p.contact_removed_at, v_now),
        anonymised_at = v_now
    from public.events e
    where e.id = p.event_id
      and p.anonymised_at is null
      and coalesce(e.end_date, e.start_date) + (v_days ->> 'bookkeeping')::int < v_today
    returning p.id
  ), history as (
    update public.booking_history h
    set actor_name = case when h.actor_name = '' then '' else 'anonymisiert' end,
        note = case when h.note = '' then '' else 'anonymisiert' end
    from done where h.participant_id = done.id
  ), pay as (
    update public.payments y
    set note = case when y.note = '' then '' else 'anonymisiert' end
    from done where y.participant_id = done.id
  ), refunds as (
    update public.refund_requests r
    set reason = case when r.reason = '' then '' else 'anonymisiert' end
    from done where r.participant_id = done.id
  )
  select count(*) into v_bookings from done;

  -- Messages to the participants of an event: subject and text (they may name people) go
  -- admin_message days after the event (or after sending, for a message without an event).
  update public.participant_messages m
  set subject = 'anonymisiert', body = 'anonymisiert'
  where m.subject <> 'anonymisiert'
    and coalesce(
          (select coalesce(e.end_date, e.start_date) from public.events e where e.id = m.event_id),
          (m.created_at at time zone 'Europe/Zurich')::date
        ) + (v_days ->> 'admin_message')::int < v_today;
  get diagnostics v_messages = row_count;

  -- Bank credits: who paid and what they wrote go after the ten years of the books, counted
  -- from the value date (the day of the payment; the import day if the file had none). Amount,
  -- dates, references and the assignment stay.
  update public.bank_entries b
  set debtor_name = case when b.debtor_name is null then null else 'anonymisiert' end,
      remittance = case when b.remittance is null then null else 'anonymisiert' end,
      note = case when b.note = '' then '' else 'anonymisiert' end
  where coalesce(b.value_date, (b.created_at at time zone 'Europe/Zurich')::date)
          + (v_days ->> 'bookkeeping')::int < v_today
    and (coalesce(b.debtor_name, 'anonymisiert') <> 'anonymisiert'
         or coalesce(b.remittance, 'anonymisiert') <> 'anonymisiert'
         or b.note not in ('', 'anonymisiert'));
  get diagnostics v_bank = row_count;

  return jsonb_build_object(
    'mails', v_mails, 'enquiries', v_enquiries, 'newsletter', v_newsletter,
    'waitlist', v_waitlist, 'participantContacts', v_contacts, 'bookings', v_bookings,
    'messages', v_messages, 'bankEntries', v_bank);
end;
$function$;
