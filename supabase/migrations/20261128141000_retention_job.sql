-- Retention rules run daily (issue 30 step 2). private.apply_retention() applies every rule of
-- public.retention_rules with the keep_days admins set, measured from private.now() /
-- private.today_in_zurich() so tests reach "30 days after sending" with shiftClock. Each rule
-- touches only the columns it names; bookkeeping (reference, amounts, dates, payments, the name on
-- an invoice) stays until the bookkeeping rule's ten years are over.

-- When a participant's contact data and answers were removed, and when the whole booking was
-- anonymised (name too); the admin lists show "anonymisiert" from these.
alter table public.participants
  add column contact_removed_at timestamptz,
  add column anonymised_at timestamptz;

comment on column public.participants.contact_removed_at is
  'Set when e-mail, phone, notes and answers were removed (retention or erasure); the booking and its money stay.';
comment on column public.participants.anonymised_at is
  'Set when the name was removed too; the booking keeps reference, amounts and dates.';

-- What an address, a phone number or a free text becomes: the columns keep their checks (an
-- e-mail shape, three digits), and the word says what happened to the value.
create function private.anonymised_email()
returns text language sql immutable set search_path to ''
as $$ select 'anonymisiert@anonymisiert.invalid' $$;

create function private.apply_retention()
returns jsonb
language plpgsql
security definer
set search_path to ''
as $$
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

  return jsonb_build_object(
    'mails', v_mails, 'enquiries', v_enquiries, 'newsletter', v_newsletter,
    'waitlist', v_waitlist, 'participantContacts', v_contacts, 'bookings', v_bookings);
end;
$$;

revoke all on function private.anonymised_email() from public;
revoke all on function private.apply_retention() from public;

comment on function private.apply_retention() is
  'Applies public.retention_rules (daily cron job apply-retention); returns how many rows each rule changed.';

-- The personal columns the rules now maintain, on the map.
insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.enquiries', 'mail_error', 'Fehlermeldung beim Weiterleiten (kann die Adresse nennen)', 'enquiry'),
  ('public.mail_outbox', 'last_error', 'Fehlermeldung beim Versand (kann die Adresse nennen)', 'mail_payload')
on conflict do nothing;

select private.schedule_job('apply-retention', '17 2 * * *', 'select private.apply_retention()');
