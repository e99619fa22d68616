-- The mail outbox: every mail the product sends is written here in the same transaction as what
-- caused it (a registration, an enquiry, a newsletter sign-up, an admin's "send confirmation"),
-- and the process-outbox edge function delivers it with retries. A mail is kept until the
-- provider accepted it, or until it gave up after max_attempts tries (state 'failed', visible to
-- admins). See docs/data-model.md ("Mail outbox").
--
-- The worker renders each mail from kind + payload with the TypeScript templates
-- (supabase/functions/_shared/templates.ts), so the texts live in one place; the payload is a
-- snapshot of what the mail is about, taken when it was queued.

create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  -- Null for mails to the provider until the worker sends them: the provider's address is the
  -- functions' PROVIDER_EMAIL secret, which the database does not know.
  recipient text,
  -- Filled by the worker when it renders the mail.
  subject text,
  payload jsonb not null,
  state text not null default 'queued',
  attempts integer not null default 0,
  max_attempts integer not null default 10,
  next_attempt_at timestamptz not null default now(),
  -- While a worker is sending (state 'sending'): after this time another worker may take over.
  locked_until timestamptz,
  last_error text,
  provider_id text,
  sent_at timestamptz,
  participant_id uuid references public.participants (id) on delete set null,
  enquiry_id uuid references public.enquiries (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint mail_outbox_kind_check check (
    kind in ('participant_confirmation', 'registration_notice', 'enquiry_notice', 'newsletter_notice')
  ),
  constraint mail_outbox_state_check check (state in ('queued', 'sending', 'sent', 'failed')),
  constraint mail_outbox_recipient_check check (char_length(recipient) <= 254),
  constraint mail_outbox_subject_check check (char_length(subject) <= 500),
  constraint mail_outbox_attempts_check check (attempts >= 0 and max_attempts >= 1),
  constraint mail_outbox_last_error_check check (char_length(last_error) <= 2000),
  constraint mail_outbox_sent_check check ((state = 'sent') = (sent_at is not null))
);

comment on table public.mail_outbox is
  'Every outgoing mail, kept until delivered; written by SQL functions, delivered by process-outbox.';

-- The worker's queue: due mails by time. Partial, so delivered mails cost nothing.
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where state in ('queued', 'sending');
-- The admin's list (newest first) and the foreign keys.
create index mail_outbox_created_at_idx on public.mail_outbox (created_at desc);
create index mail_outbox_participant_id_idx on public.mail_outbox (participant_id);
create index mail_outbox_enquiry_id_idx on public.mail_outbox (enquiry_id);

create trigger mail_outbox_set_updated_at before update on public.mail_outbox
  for each row execute function private.set_updated_at();

alter table public.mail_outbox enable row level security;
revoke all on public.mail_outbox from anon, authenticated;
grant select on public.mail_outbox to authenticated;
grant select, insert, update, delete on public.mail_outbox to service_role;

-- Admins read the outbox (the 'Postausgang'); nobody writes it except the functions below.
create policy "Admins read the mail outbox"
  on public.mail_outbox for select
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Retry schedule
-- ---------------------------------------------------------------------------------------------

-- The wait after the n-th failed try: 1 minute, doubling, at most 6 hours.
create or replace function private.outbox_backoff(p_attempts integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select least(
    interval '1 minute' * power(2, greatest(p_attempts, 1) - 1)::numeric,
    interval '6 hours'
  )
$$;

revoke all on function private.outbox_backoff(integer) from public;

-- ---------------------------------------------------------------------------------------------
-- Waking the worker
-- ---------------------------------------------------------------------------------------------

-- Asks process-outbox to run now (pg_net, after the transaction commits; nothing is sent for a
-- transaction that rolls back). Best effort: without pg_net or the Vault secrets project_url and
-- service_role_key nothing happens and the minute schedule below delivers; a failure here never
-- fails what queued the mail.
create or replace function private.kick_outbox()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null
    or to_regclass('vault.decrypted_secrets') is null then
    return;
  end if;
  begin
    execute $sql$
      select
        (select decrypted_secret from vault.decrypted_secrets where name = 'project_url'),
        (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
    $sql$ into v_url, v_key;
    if v_url is null or v_key is null then
      return;
    end if;
    execute 'select net.http_post(url => $1, body => $2, headers => $3, timeout_milliseconds => $4)'
      using rtrim(v_url, '/') || '/functions/v1/process-outbox',
        '{}'::jsonb,
        jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key),
        60000;
  exception when others then
    raise warning 'kick_outbox: %', sqlerrm;
  end;
end;
$$;

revoke all on function private.kick_outbox() from public;

-- ---------------------------------------------------------------------------------------------
-- Queueing
-- ---------------------------------------------------------------------------------------------

create or replace function private.enqueue_mail(
  p_kind text,
  p_recipient text,
  p_payload jsonb,
  p_participant_id uuid default null,
  p_enquiry_id uuid default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into public.mail_outbox (kind, recipient, payload, participant_id, enquiry_id)
  values (p_kind, p_recipient, p_payload, p_participant_id, p_enquiry_id)
  returning id into v_id;
  perform private.kick_outbox();
  return v_id;
end;
$$;

revoke all on function private.enqueue_mail(text, text, jsonb, uuid, uuid) from public;

-- What a booking mail is about, as the templates read it (MailParticipant, MailEvent).
create or replace function private.booking_mail_payload(p_participant_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'participant', jsonb_build_object(
      'id', p.id,
      'name', p.name,
      'email', p.email,
      'phone', p.phone,
      'paymentMethod', p.payment_method,
      'paymentStatus', p.payment_status,
      'notes', p.notes
    ),
    'event', jsonb_build_object(
      'title', e.title,
      'description', e.description,
      'startDate', e.start_date,
      'endDate', e.end_date,
      'time', e.time,
      'location', e.location,
      'price', e.price,
      'bringAlong', e.bring_along
    )
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$$;

revoke all on function private.booking_mail_payload(uuid) from public;

-- The confirmation to the participant, and (for a visitor's own registration) the notice to
-- the provider.
create or replace function private.enqueue_booking_mails(p_participant_id uuid, p_notify_provider boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payload jsonb := private.booking_mail_payload(p_participant_id);
begin
  perform private.enqueue_mail(
    'participant_confirmation', v_payload #>> '{participant,email}', v_payload, p_participant_id
  );
  if p_notify_provider then
    perform private.enqueue_mail('registration_notice', null, v_payload, p_participant_id);
  end if;
end;
$$;

revoke all on function private.enqueue_booking_mails(uuid, boolean) from public;

-- A visitor's registration is the only insert that carries a confirmation token (only
-- register_for_event sets one), so its mails are queued by this trigger in the same
-- transaction, whichever migration defines register_for_event's checks.
create or replace function private.participants_enqueue_registration_mails()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.enqueue_booking_mails(new.id, true);
  return null;
end;
$$;

revoke all on function private.participants_enqueue_registration_mails() from public;

create trigger participants_enqueue_registration_mails
  after insert on public.participants
  for each row
  when (new.confirmation_token_hash is not null)
  execute function private.participants_enqueue_registration_mails();

-- ---------------------------------------------------------------------------------------------
-- Admin: add a participant and, if asked, queue their confirmation (one transaction)
-- ---------------------------------------------------------------------------------------------

drop function if exists public.admin_add_participant(uuid, text, text, text, text, text, text);

create or replace function public.admin_add_participant(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_status text default 'pending',
  p_payment_method text default 'stripe',
  p_notes text default '',
  p_send_confirmation boolean default false
)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_input record;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
  if p_payment_status is null or p_payment_status not in ('pending', 'paid', 'cancelled', 'refunded') then
    raise exception 'INVALID_INPUT' using detail = 'payment_status';
  end if;
  perform 1 from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;

  insert into public.participants (event_id, name, email, phone, payment_status, payment_method, notes)
  values (p_event_id, v_input.name, v_input.email, v_input.phone, p_payment_status,
    v_input.payment_method, v_input.notes)
  returning * into v_participant;
  if coalesce(p_send_confirmation, false) then
    perform private.enqueue_booking_mails(v_participant.id, false);
  end if;
  return v_participant;
end;
$$;

revoke all on function public.admin_add_participant(uuid, text, text, text, text, text, text, boolean)
  from public, anon;
grant execute on function public.admin_add_participant(uuid, text, text, text, text, text, text, boolean)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Enquiries and newsletter sign-ups: stored with their mail in one call (service role: the
-- edge functions validate and rate-limit first)
-- ---------------------------------------------------------------------------------------------

create or replace function public.submit_enquiry(
  p_kind text,
  p_name text,
  p_email text,
  p_subject text,
  p_message text
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_enquiry public.enquiries%rowtype;
begin
  insert into public.enquiries (kind, name, email, subject, message, mail_status)
  values (p_kind, coalesce(p_name, ''), p_email, coalesce(p_subject, ''), coalesce(p_message, ''), 'pending')
  returning * into v_enquiry;
  perform private.enqueue_mail(
    'enquiry_notice',
    null,
    jsonb_build_object(
      'kind', v_enquiry.kind,
      'name', v_enquiry.name,
      'email', v_enquiry.email,
      'subject', v_enquiry.subject,
      'message', v_enquiry.message
    ),
    null,
    v_enquiry.id
  );
  return v_enquiry.id;
end;
$$;

revoke all on function public.submit_enquiry(text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.submit_enquiry(text, text, text, text, text) to service_role;

-- An existing address keeps its row (a confirmed subscriber stays subscribed). The provider's
-- notice is queued when asked for, also for a repeated sign-up.
create or replace function public.subscribe_to_newsletter(p_email text, p_notify_provider boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
begin
  insert into public.newsletter_subscriptions (email, status, sync_status)
  values (v_email, 'pending', 'pending')
  on conflict (email) do nothing;
  if coalesce(p_notify_provider, false) then
    perform private.enqueue_mail('newsletter_notice', null, jsonb_build_object('email', v_email));
  end if;
end;
$$;

revoke all on function public.subscribe_to_newsletter(text, boolean) from public, anon, authenticated;
grant execute on function public.subscribe_to_newsletter(text, boolean) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The worker's side (service role only)
-- ---------------------------------------------------------------------------------------------

-- Takes up to p_limit due mails for this worker: queued ones whose time has come, and ones a
-- worker took but never reported (its lease ran out). `for update skip locked` means two
-- workers never take the same row; the lease means a row being sent is not taken again until
-- p_lease_seconds have passed. Each take counts as a try.
create or replace function public.claim_outbox_mails(p_limit integer default 20, p_lease_seconds integer default 120)
returns setof public.mail_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  update public.mail_outbox o
     set state = 'sending',
         attempts = o.attempts + 1,
         locked_until = now() + make_interval(secs => greatest(p_lease_seconds, 10))
   where o.id in (
     select d.id from public.mail_outbox d
      where (d.state = 'queued' and d.next_attempt_at <= now())
         or (d.state = 'sending' and d.locked_until < now())
      order by d.next_attempt_at
      limit greatest(least(p_limit, 100), 1)
      for update skip locked
   )
  returning o.*;
end;
$$;

revoke all on function public.claim_outbox_mails(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_outbox_mails(integer, integer) to service_role;

-- Records one try of a claimed mail: p_provider_id on success; otherwise p_error, and the mail
-- waits for its next try (private.outbox_backoff) or, after max_attempts or a permanent
-- refusal, is 'failed'. Only the worker holding the claim (same attempt) may record, so a
-- worker whose lease ran out cannot overwrite the outcome of the one that took over.
-- Returns the new state, or null when the claim was no longer this worker's.
create or replace function public.record_outbox_attempt(
  p_id uuid,
  p_attempt integer,
  p_recipient text default null,
  p_subject text default null,
  p_provider_id text default null,
  p_error text default null,
  p_permanent boolean default false
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_mail public.mail_outbox%rowtype;
begin
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
$$;

revoke all on function public.record_outbox_attempt(uuid, integer, text, text, text, text, boolean)
  from public, anon, authenticated;
grant execute on function public.record_outbox_attempt(uuid, integer, text, text, text, text, boolean)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- The visitor's view: has my confirmation gone out? (token from register_for_event)
-- ---------------------------------------------------------------------------------------------

-- 'sent', 'queued' (not delivered yet, retries pending) or 'failed' (given up); null for an
-- unknown participant or a wrong token alike, so ids cannot be probed.
create or replace function public.confirmation_mail_status(p_participant_id uuid, p_token text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when bool_or(o.state = 'sent') then 'sent'
    when bool_and(o.state = 'failed') then 'failed'
    else 'queued'
  end
  from public.participants p
  join public.mail_outbox o on o.participant_id = p.id and o.kind = 'participant_confirmation'
  where p.id = p_participant_id
    and p.confirmation_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
  having count(*) > 0
$$;

revoke all on function public.confirmation_mail_status(uuid, text) from public;
grant execute on function public.confirmation_mail_status(uuid, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- What the outbox replaces
-- ---------------------------------------------------------------------------------------------

-- send-confirmation-email claimed, released and marked the mail itself; the outbox does that now.
drop function if exists public.claim_confirmation_mail(uuid);
drop function if exists public.check_confirmation_token(uuid, text);
alter table public.participants drop column if exists confirmation_claimed_at;

-- ---------------------------------------------------------------------------------------------
-- Schedule: process-outbox every minute (Supabase Cron = pg_cron + pg_net; URL and key from
-- Vault, see docs/deployment.md). Where pg_cron is not available the migration still applies,
-- and the mails wait until a worker is run.
-- ---------------------------------------------------------------------------------------------

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('process-outbox', '* * * * *', 'select private.kick_outbox()');
  end if;
end;
$$;
