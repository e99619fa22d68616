-- Public registration: the only way a visitor creates a participant.
--
-- Errors are RAISE EXCEPTION (SQLSTATE P0001) with one of the messages of docs/contracts.md,
-- which the booking form maps to the spec's German texts; INVALID_INPUT names the field in
-- DETAIL.

-- Shared by register_for_event() and admin_add_participant(): trimmed values or INVALID_INPUT.
create or replace function private.checked_participant_input(
  p_name text,
  p_email text,
  p_phone text,
  p_payment_method text,
  p_notes text,
  out name text,
  out email text,
  out phone text,
  out payment_method text,
  out notes text
)
language plpgsql
immutable
set search_path = ''
as $$
begin
  name := btrim(coalesce(p_name, ''));
  email := btrim(coalesce(p_email, ''));
  phone := btrim(coalesce(p_phone, ''));
  payment_method := btrim(coalesce(p_payment_method, ''));
  notes := btrim(coalesce(p_notes, ''));

  if name = '' or char_length(name) > 200 then
    raise exception 'INVALID_INPUT' using detail = 'name';
  end if;
  if char_length(email) > 254 or email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;
  if phone !~ '^[0-9+ ()./-]{3,40}$' or phone !~ '[0-9].*[0-9].*[0-9]' then
    raise exception 'INVALID_INPUT' using detail = 'phone';
  end if;
  if payment_method not in ('stripe', 'onsite', 'free') then
    raise exception 'INVALID_INPUT' using detail = 'payment_method';
  end if;
  if char_length(notes) > 2000 then
    raise exception 'INVALID_INPUT' using detail = 'notes';
  end if;
end;
$$;

revoke all on function private.checked_participant_input(text, text, text, text, text) from public;

-- The event date is a calendar date in the provider's time zone.
create or replace function private.today_in_zurich()
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone 'Europe/Zurich')::date
$$;

revoke all on function private.today_in_zurich() from public;

-- A one-time token for the confirmation mail; only its sha256 is stored.
create or replace function private.new_confirmation_token(out token text, out token_hash text)
language plpgsql
volatile
set search_path = ''
as $$
begin
  -- gen_random_uuid() draws from the strong random source: two give 244 random bits.
  token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  token_hash := encode(sha256(convert_to(token, 'UTF8')), 'hex');
end;
$$;

revoke all on function private.new_confirmation_token() from public;

create or replace function public.register_for_event(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_method text,
  p_notes text default '',
  p_request_id uuid default null
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
  v_participant public.participants%rowtype;
  v_token record;
begin
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
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
      select e.current_participants into v_event.current_participants
      from public.events e where e.id = v_participant.event_id;
      return jsonb_build_object(
        'participant_id', v_participant.id,
        'confirmation_token', v_token.token,
        'payment_status', v_participant.payment_status,
        'current_participants', v_event.current_participants
      );
    end if;
  end if;

  -- Registrations for one event queue here until the previous one has committed, so the
  -- seat count below is exact. (No key update: does not block foreign-key checks.)
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if v_event.status <> 'published' then
    raise exception 'EVENT_NOT_BOOKABLE';
  end if;
  if v_event.is_cancelled then
    raise exception 'EVENT_CANCELLED';
  end if;
  if v_event.start_date < private.today_in_zurich() then
    raise exception 'EVENT_NOT_BOOKABLE';
  end if;
  if v_event.is_sold_out or v_event.current_participants >= v_event.max_participants then
    raise exception 'EVENT_SOLD_OUT';
  end if;
  if not (v_input.payment_method = any (v_event.payment_methods)) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;

  insert into public.participants (
    event_id, name, email, phone, payment_status, payment_method, notes, request_id,
    confirmation_token_hash
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'free' then 'paid' else 'pending' end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash
  )
  returning * into v_participant;

  -- The participants trigger has recounted the event.
  select e.current_participants into v_event.current_participants
  from public.events e where e.id = v_event.id;

  return jsonb_build_object(
    'participant_id', v_participant.id,
    'confirmation_token', v_token.token,
    'payment_status', v_participant.payment_status,
    'current_participants', v_event.current_participants
  );
end;
$$;

comment on function public.register_for_event(uuid, text, text, text, text, text, uuid) is
  'Public registration: locks the event, checks it, inserts the participant. See docs/data-model.md.';

revoke all on function public.register_for_event(uuid, text, text, text, text, text, uuid) from public;
grant execute on function public.register_for_event(uuid, text, text, text, text, text, uuid)
  to anon, authenticated, service_role;

-- For the confirmation-mail function (service role): does the token belong to the participant?
create or replace function public.check_confirmation_token(p_participant_id uuid, p_token text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.confirmation_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
     from public.participants p
     where p.id = p_participant_id),
    false
  )
$$;

revoke all on function public.check_confirmation_token(uuid, text) from public, anon, authenticated;
grant execute on function public.check_confirmation_token(uuid, text) to service_role;
