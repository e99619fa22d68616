-- Booking reference, manage tokens and the one booking path (issue 14).
--
-- * Every registration gets a short reference the visitor can read out on the phone
--   (`SW-7K3M`: an alphabet without 0/O, 1/I/L), generated here on insert, unique.
-- * A manage link carries a secret token; only its sha256 is stored (public.manage_tokens).
--   private.mint_manage_token(registration) makes one for any mail that links to the booking
--   (confirmation, reminders, ...); a booking may have several valid tokens.
-- * The booking's checks and insert live once, in private.book(...): register_for_event (the
--   public path, behind the register-for-event edge function) and the waiting list's claim both
--   call it. It starts from the newest register_for_event (20261124001300: availability, no oracle
--   for unpublished events, e-mail once, 'free' only at price 0, persons) and keeps setting
--   confirmation_token_hash, which the outbox trigger (20261124000300) and the payment hold
--   (20261124001400) read. New in its answer: reference and manage_token.

-- ---------------------------------------------------------------------------------------------
-- Booking reference
-- ---------------------------------------------------------------------------------------------

-- 'SW-' and four characters of 31 (923'521 codes); after 20 collisions six characters.
create or replace function private.new_booking_reference()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  v_bytes bytea;
  v_reference text;
begin
  for v_try in 1..40 loop
    -- The first six bytes of a version-4 uuid are strong random bits (the modulo's bias is
    -- irrelevant for a reference, which is no secret).
    v_bytes := uuid_send(gen_random_uuid());
    v_reference := 'SW-';
    for v_i in 0 .. (case when v_try <= 20 then 3 else 5 end) loop
      v_reference := v_reference || substr(c_alphabet, get_byte(v_bytes, v_i) % 31 + 1, 1);
    end loop;
    if not exists (select 1 from public.participants p where p.reference = v_reference) then
      return v_reference;
    end if;
  end loop;
  raise exception 'no free booking reference';
end;
$$;

revoke all on function private.new_booking_reference() from public;

alter table public.participants add column reference text;

create or replace function private.participants_set_reference()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.reference := private.new_booking_reference();
  return new;
end;
$$;

revoke all on function private.participants_set_reference() from public;

-- Always set here, whatever the insert says (an empty default, as for slugs in 20261122000180,
-- marks the column optional in the generated types).
create trigger participants_set_reference before insert on public.participants
  for each row execute function private.participants_set_reference();

-- Existing registrations get theirs now (one by one, so each sees the ones before it).
do $$
declare
  v_id uuid;
begin
  for v_id in select p.id from public.participants p where p.reference is null loop
    update public.participants p set reference = private.new_booking_reference() where p.id = v_id;
  end loop;
end;
$$;

alter table public.participants
  alter column reference set default '',
  alter column reference set not null,
  add constraint participants_reference_key unique (reference),
  add constraint participants_reference_check check (reference ~ '^SW-[2-9A-HJKMNP-Z]{4,6}$');

comment on column public.participants.reference is
  'Short human-readable booking reference (SW-7K3M), set on insert; the confirmation page''s address.';

-- ---------------------------------------------------------------------------------------------
-- Manage tokens
-- ---------------------------------------------------------------------------------------------

create table public.manage_tokens (
  token_hash text primary key,
  participant_id uuid not null references public.participants (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Some weeks after the event: a link in an old mail then says the link has expired.
  expires_at timestamptz not null,
  constraint manage_tokens_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$')
);

comment on table public.manage_tokens is
  'Hashes (sha256) of the secret tokens in manage links; minted by private.mint_manage_token, read only by SQL functions.';

create index manage_tokens_participant_id_idx on public.manage_tokens (participant_id);

-- Nobody reads or writes it through the API: the functions below are the only way in.
alter table public.manage_tokens enable row level security;
revoke all on public.manage_tokens from anon, authenticated, service_role;

-- How long after the event a manage link stays valid.
create or replace function private.manage_token_validity()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 days' $$;

revoke all on function private.manage_token_validity() from public;

-- A new manage token for a registration: the plain token (for the mail's link), its hash stored.
create or replace function private.mint_manage_token(p_participant_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token record;
  v_last_day date;
begin
  select coalesce(e.end_date, e.start_date, current_date) into v_last_day
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  select * into v_token from private.new_confirmation_token();
  insert into public.manage_tokens (token_hash, participant_id, expires_at)
  values (
    v_token.token_hash,
    p_participant_id,
    greatest(((v_last_day + 1)::timestamp at time zone 'Europe/Zurich'), now()) + private.manage_token_validity()
  );
  return v_token.token;
end;
$$;

revoke all on function private.mint_manage_token(uuid) from public;

-- The registration a manage link names, if its token is right: 'valid' or 'expired' (a wrong
-- token or reference finds nothing, so the answer tells nothing about other bookings).
create or replace function private.manage_token_check(p_reference text, p_token text)
returns table (participant_id uuid, expired boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, t.expires_at <= now()
  from public.manage_tokens t
  join public.participants p on p.id = t.participant_id
  where t.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
    and p.reference = upper(btrim(coalesce(p_reference, '')))
$$;

revoke all on function private.manage_token_check(text, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Mails carry the reference; the confirmation carries a manage link
-- ---------------------------------------------------------------------------------------------

create or replace function private.booking_mail_payload(p_participant_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'participant', jsonb_build_object(
      'id', p.id,
      'reference', p.reference,
      'name', p.name,
      'email', p.email,
      'phone', p.phone,
      'paymentMethod', p.payment_method,
      'paymentStatus', p.payment_status,
      'notes', p.notes,
      'persons', p.persons
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

-- The confirmation's payload gets `manageToken`: the plain token lives only in the outbox row
-- (readable by admins, who can change the booking anyway) until the mail is rendered.
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
    'participant_confirmation',
    v_payload #>> '{participant,email}',
    v_payload || jsonb_build_object('manageToken', private.mint_manage_token(p_participant_id)),
    p_participant_id
  );
  if p_notify_provider then
    perform private.enqueue_mail('registration_notice', null, v_payload, p_participant_id);
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The one booking path
-- ---------------------------------------------------------------------------------------------

-- Checks and books; raises the codes of docs/contracts.md. Answer: {participant_id, reference,
-- confirmation_token, manage_token, payment_status, persons, current_participants}.
create or replace function private.book(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_method text,
  p_notes text,
  p_request_id uuid,
  p_persons integer
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_input record;
  v_event public.events%rowtype;
  v_availability public.event_availability;
  v_participant public.participants%rowtype;
  v_token record;
begin
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
  if p_persons is null or p_persons < 1 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  select * into v_token from private.new_confirmation_token();

  -- A repeated request (double submit, retry after a lost answer) returns the first
  -- registration. The lock makes a concurrent twin wait for this transaction and then find
  -- its row; the unique key on request_id is the backstop.
  if p_request_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('register_for_event:' || p_request_id::text, 0));
    select * into v_participant from public.participants p where p.request_id = p_request_id;
    if found then
      if v_participant.event_id is distinct from p_event_id then
        raise exception 'INVALID_INPUT' using detail = 'request_id';
      end if;
      -- Only the hash of the first token is stored, so the repeat gets a fresh token (which
      -- replaces the first) unless the confirmation mail has already been sent.
      if v_participant.confirmation_sent_at is null then
        update public.participants p
        set confirmation_token_hash = v_token.token_hash
        where p.id = v_participant.id;
      else
        v_token.token := null;
      end if;
      return private.booking_receipt(v_participant.id, v_token.token);
    end if;
  end if;

  -- Registrations for one event queue here until the previous one has committed, so the
  -- seat count and the e-mail check below are exact. (No key update: does not block
  -- foreign-key checks.)
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  -- Draft and archived events are invisible to visitors: answering them like an unknown id
  -- keeps the function from telling which ids exist.
  if not found or v_event.status <> 'published' then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  v_availability := public.availability(v_event);
  if not v_availability.is_bookable then
    raise exception '%', case v_availability.reason
      when 'cancelled' then 'EVENT_CANCELLED'
      when 'closed' then 'EVENT_SOLD_OUT'
      when 'full' then 'EVENT_SOLD_OUT'
      else 'EVENT_NOT_BOOKABLE' -- past
    end;
  end if;
  -- Persons: at most the event's per-booking limit, at most the seats left (DETAIL says how
  -- many, so the form can tell the visitor).
  if p_persons > v_event.max_persons_per_booking then
    raise exception 'TOO_MANY_PERSONS' using detail = v_event.max_persons_per_booking::text;
  end if;
  if p_persons > v_availability.seats_left then
    raise exception 'NOT_ENOUGH_SEATS' using detail = v_availability.seats_left::text;
  end if;
  -- The constraint events_payment_methods_free_check already keeps 'free' off priced events;
  -- checked here too so a priced event can never be booked as free.
  if not (v_input.payment_method = any (v_event.payment_methods))
     or (v_input.payment_method = 'free' and v_event.price <> 0) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;
  if exists (
    select 1
    from public.participants p
    where p.event_id = v_event.id
      and lower(p.email) = lower(v_input.email)
      and p.payment_status in ('pending', 'paid')
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;

  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token); the payment hold from its trigger.
  insert into public.participants (
    event_id, name, email, phone, payment_status, payment_method, notes, request_id,
    confirmation_token_hash, persons
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'free' and v_event.price = 0 then 'paid' else 'pending' end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash, p_persons
  )
  returning * into v_participant;

  return private.booking_receipt(v_participant.id, v_token.token);
end;
$$;

revoke all on function private.book(uuid, text, text, text, text, text, uuid, integer) from public;

-- What a booking answers: its reference, the one-time confirmation token (payment, mail status),
-- a fresh manage token (the confirmation page and its manage link), and the event's count.
create or replace function private.booking_receipt(p_participant_id uuid, p_confirmation_token text)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'participant_id', p.id,
    'reference', p.reference,
    'confirmation_token', p_confirmation_token,
    'manage_token', private.mint_manage_token(p.id),
    'payment_status', p.payment_status,
    'persons', p.persons,
    'current_participants', e.current_participants
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$$;

revoke all on function private.booking_receipt(uuid, text) from public;

-- The public path: same signature and grants as before (create or replace keeps whatever an
-- earlier migration granted or revoked); everything is decided by private.book.
create or replace function public.register_for_event(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_method text,
  p_notes text default '',
  p_request_id uuid default null,
  p_persons integer default 1
)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select private.book(p_event_id, p_name, p_email, p_phone, p_payment_method, p_notes, p_request_id, p_persons)
$$;

comment on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer) is
  'A visitor''s booking of 1..max_persons_per_booking persons; the rules are private.book''s. See docs/data-model.md.';
