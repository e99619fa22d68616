-- Erasure request (issue 30): public.admin_erase_person(email) anonymises one person across every
-- table on the personal-data map in one transaction, keeping what the books need. See
-- docs/privacy.md "Answering an erasure request".

-- One row per erasure (and, later, per shredded event): when, by whom, how many rows of which kind
-- changed. Deliberately without the address, name or a hash of them.
create table public.privacy_log (
  id uuid not null default gen_random_uuid(),
  created_at timestamp with time zone not null default now(),
  action text not null,
  actor_user_id uuid,
  event_id uuid,
  counts jsonb not null default '{}'::jsonb,
  constraint privacy_log_pkey primary key (id),
  constraint privacy_log_action_check check (action = any (array['person_erased'::text, 'event_shredded'::text])),
  constraint privacy_log_counts_check check (jsonb_typeof(counts) = 'object'::text)
);
alter table public.privacy_log add constraint privacy_log_actor_user_id_fkey
  foreign key (actor_user_id) references auth.users(id) on delete set null;
alter table public.privacy_log add constraint privacy_log_event_id_fkey
  foreign key (event_id) references public.events(id) on delete set null;
create index privacy_log_actor_user_id_idx on public.privacy_log using btree (actor_user_id);
create index privacy_log_event_id_idx on public.privacy_log using btree (event_id);
alter table public.privacy_log enable row level security;
create policy "Admins read the privacy log" on public.privacy_log as permissive for select to authenticated
  using ((select public.is_admin() as is_admin));
revoke all on table public.privacy_log from anon, authenticated;
grant select on table public.privacy_log to authenticated;
comment on table public.privacy_log is 'Erasures and shredded events: when, by whom, how many rows; never the person (docs/privacy.md).';

-- A mail the erasure itself queues (the cancellation of a future booking) must still reach the
-- person, so its address and payload stay until it is delivered or has finally failed; then the
-- trigger below empties it as the retention rule empties any delivered mail.
alter table public.mail_outbox add column erase_after_send boolean not null default false;
comment on column public.mail_outbox.erase_after_send is 'Queued by an erasure: payload, recipient and subject are removed as soon as the mail is sent or has finally failed.';

-- What is left of a mail once its content is gone (the form private.apply_retention writes).
create or replace function private.scrubbed_mail_payload(p_mail public.mail_outbox)
 returns jsonb
 language sql
 immutable
 set search_path to ''
as $function$
  select jsonb_strip_nulls(jsonb_build_object(
    'anonymisiert', true,
    'recipientHash', private.token_hash(lower(btrim(coalesce(p_mail.recipient, p_mail.payload #>> '{participant,email}', '')))),
    'reminder', case when p_mail.kind = 'event_reminder' then jsonb_build_object(
      'eventId', p_mail.payload #>> '{reminder,eventId}', 'startDate', p_mail.payload #>> '{reminder,startDate}') end))
$function$;
revoke all on function private.scrubbed_mail_payload(public.mail_outbox) from public;

create or replace function private.mail_outbox_erase_after_send()
 returns trigger
 language plpgsql
 set search_path to ''
as $function$
begin
  new.payload := private.scrubbed_mail_payload(new);
  new.recipient := null;
  new.subject := null;
  new.last_error := null;
  return new;
end;
$function$;
revoke all on function private.mail_outbox_erase_after_send() from public;

create trigger mail_outbox_erase_after_send before update on public.mail_outbox
  for each row when (new.erase_after_send and new.state = any (array['sent'::text, 'failed'::text])
                     and not (new.payload ? 'anonymisiert'))
  execute function private.mail_outbox_erase_after_send();

-- Every string anywhere in a JSON value, to find an address inside a mail payload exactly (no
-- substring match: a similar address is somebody else).
create or replace function private.jsonb_strings(p_value jsonb)
 returns setof text
 language sql
 immutable
 set search_path to ''
as $function$
  select v #>> '{}' from jsonb_path_query(p_value, 'strict $.**') as v where jsonb_typeof(v) = 'string'
$function$;
revoke all on function private.jsonb_strings(jsonb) from public;

-- The mail provider (Mailchimp) forgets a newsletter address through the outbox: the row names
-- the member only by Mailchimp's own id, the MD5 of the lower-cased address.
select private.add_mail_kinds(array['newsletter_removal']);

create or replace function public.admin_erase_person(p_email text)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_key text := private.email_key(p_email);
  v_today date := private.today_in_zurich();
  v_now timestamptz := private.now();
  v_bookings uuid[];
  v_enquiries uuid[];
  v_id uuid;
  v_kept uuid[] := '{}';
  v_cancelled integer := 0;
  v_counts jsonb;
  n_participants integer;
  n_history integer;
  n_payments integer;
  n_refunds integer;
  n_bank integer;
  n_waitlist integer;
  n_enquiries integer;
  n_newsletter integer;
  n_mails integer;
begin
  perform private.require_admin();
  if v_key !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or v_key = private.anonymised_email() then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;

  -- 1. Future bookings are cancelled through the state machine (refund of what was paid, history
  -- row, the usual booking_cancelled mail), while the address is still there for that mail.
  for v_id in
    select p.id from public.participants p join public.events e on e.id = p.event_id
     where private.email_key(p.email) = v_key
       and private.holds_seats(p.status)
       and coalesce(e.end_date, e.start_date) >= v_today
     order by p.event_id, p.id
  loop
    perform public.admin_cancel_booking(v_id, null, 'Löschung auf Wunsch der Person');
    v_cancelled := v_cancelled + 1;
  end loop;

  -- Those cancellation mails are delivered first, then emptied (trigger mail_outbox_erase_after_send).
  with kept as (
    update public.mail_outbox o set erase_after_send = true
     where o.kind = 'booking_cancelled' and o.state in ('queued', 'sending')
       and private.email_key(o.recipient) = v_key
       and o.created_at = now()
    returning o.id
  )
  select coalesce(array_agg(id), '{}') into v_kept from kept;

  select coalesce(array_agg(p.id), '{}') into v_bookings
    from public.participants p where private.email_key(p.email) = v_key;
  select coalesce(array_agg(q.id), '{}') into v_enquiries
    from public.enquiries q where private.email_key(q.email) = v_key;

  -- 2. Every other mail to, about or naming the address loses its content now; a mail not yet sent
  -- will not be sent (its content is gone).
  update public.mail_outbox o
     set payload = private.scrubbed_mail_payload(o),
         recipient = null, subject = null, last_error = null,
         state = case when o.state in ('queued', 'sending') then 'failed' else o.state end,
         locked_until = null
   where not o.erase_after_send
     and not (o.payload ? 'anonymisiert' and o.recipient is null)
     and (private.email_key(o.recipient) = v_key
          or o.participant_id = any(v_bookings)
          or o.enquiry_id = any(v_enquiries)
          or exists (select 1 from private.jsonb_strings(o.payload) s where private.email_key(s) = v_key));
  get diagnostics n_mails = row_count;

  -- 3. Bookings keep reference, persons, amounts, dates, status and payment rows; the person goes.
  update public.participants p
     set name = 'anonymisiert', email = private.anonymised_email(), phone = '000', notes = '',
         answers = '[]'::jsonb, contact_removed_at = coalesce(p.contact_removed_at, v_now),
         anonymised_at = coalesce(p.anonymised_at, v_now)
   where p.id = any(v_bookings);
  get diagnostics n_participants = row_count;

  update public.booking_history h
     set actor_name = case when h.actor_name = '' then '' else 'anonymisiert' end,
         note = case when h.note = '' then '' else 'anonymisiert' end
   where h.participant_id = any(v_bookings) and (h.actor_name not in ('', 'anonymisiert') or h.note not in ('', 'anonymisiert'));
  get diagnostics n_history = row_count;

  update public.payments y set note = 'anonymisiert'
   where y.participant_id = any(v_bookings) and y.note not in ('', 'anonymisiert');
  get diagnostics n_payments = row_count;

  update public.refund_requests r set reason = 'anonymisiert', last_error = null
   where r.participant_id = any(v_bookings) and r.reason not in ('', 'anonymisiert');
  get diagnostics n_refunds = row_count;

  -- Bank credits assigned to these bookings: amounts, dates and references stay; who paid and
  -- what they wrote go.
  update public.bank_entries b
     set debtor_name = case when b.debtor_name is null then null else 'anonymisiert' end,
         remittance = case when b.remittance is null then null else 'anonymisiert' end,
         note = case when b.note = '' then '' else 'anonymisiert' end
   where b.participant_id = any(v_bookings)
     and (coalesce(b.debtor_name, 'anonymisiert') <> 'anonymisiert'
          or coalesce(b.remittance, 'anonymisiert') <> 'anonymisiert'
          or b.note not in ('', 'anonymisiert'));
  get diagnostics n_bank = row_count;

  -- 4. Waiting list: an open entry is ended the usual way (a held offer goes to the next), then
  -- every entry of the address is deleted.
  for v_id in
    select w.id from public.waitlist_entries w
     where private.email_key(w.email) = v_key and w.status in ('waiting', 'offered')
     order by w.event_id, w.id
  loop
    perform public.admin_remove_waitlist_entry(v_id);
  end loop;
  delete from public.waitlist_entries w where private.email_key(w.email) = v_key;
  get diagnostics n_waitlist = row_count;

  -- 5. Enquiries are anonymised (kept as a count of what was asked when).
  update public.enquiries q
     set name = 'anonymisiert', email = private.anonymised_email(), subject = 'anonymisiert',
         message = 'anonymisiert', mail_error = null
   where q.id = any(v_enquiries);
  get diagnostics n_enquiries = row_count;

  -- 6. Newsletter: the sign-up is deleted; if it reached Mailchimp, Mailchimp forgets it too.
  with gone as (
    delete from public.newsletter_subscriptions s where private.email_key(s.email) = v_key
    returning s.email, s.sync_status
  ), removal as (
    insert into public.mail_outbox (kind, recipient, payload)
    select 'newsletter_removal', null, jsonb_build_object('subscriberHash', md5(private.email_key(g.email)))
      from gone g where g.sync_status = 'synced'
  )
  select count(*) into n_newsletter from gone;

  v_counts := jsonb_build_object(
    'cancelledBookings', v_cancelled, 'bookings', n_participants, 'history', n_history,
    'payments', n_payments, 'refunds', n_refunds, 'bankEntries', n_bank, 'waitingList', n_waitlist,
    'enquiries', n_enquiries, 'newsletter', n_newsletter, 'mails', n_mails,
    'mailsKeptUntilSent', cardinality(v_kept));

  -- Asked again, nothing is left to change: no second log row.
  if v_cancelled + n_participants + n_history + n_payments + n_refunds + n_bank + n_waitlist
     + n_enquiries + n_newsletter + n_mails = 0 then
    return jsonb_build_object('erased', false, 'counts', v_counts);
  end if;
  insert into public.privacy_log (action, actor_user_id, counts)
  values ('person_erased', auth.uid(), v_counts);
  if n_newsletter > 0 then
    perform private.kick_outbox();
  end if;
  return jsonb_build_object('erased', true, 'counts', v_counts);
end;
$function$;
revoke all on function public.admin_erase_person(text) from anon, public;
comment on function public.admin_erase_person(pg_catalog.text) is 'Erasure request: cancels the address''s future bookings through the state machine (mail delivered before it is emptied), anonymises bookings (kept for the books), history, payments'' and bank notes, deletes waiting-list entries and newsletter sign-ups (Mailchimp removal through the outbox), anonymises enquiries and mails; one privacy_log row; idempotent. Admins only.';
