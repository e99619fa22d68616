-- Availability in one place: public.availability(events) says whether an event can be booked
-- and why not. register_for_event, the public lists (a computed field, selected like a column:
-- `select=*,availability`) and the UI all read it.
--
-- "Full" is derived from the participant count, so a cancelled or removed participant frees the
-- seat at once. is_sold_out is only the admin's manual switch ("close bookings"): the database
-- no longer raises it.

-- ---------------------------------------------------------------------------------------------
-- The answer
-- ---------------------------------------------------------------------------------------------

create type public.event_availability as (
  -- max_participants - current_participants, never below 0.
  seats_left integer,
  -- Every seat is taken (current_participants >= max_participants).
  is_full boolean,
  -- A visitor may register now (reason is null).
  is_bookable boolean,
  -- Why not, the first that applies: 'draft', 'archived', 'cancelled', 'past', 'closed' (the
  -- admin closed bookings), 'full'. null when bookable.
  reason text
);

comment on type public.event_availability is
  'Answer of public.availability(events); see docs/data-model.md.';

-- Security invoker: callers see only the rows they may read anyway. "Today" is the calendar date
-- in the provider's time zone; an event without a start date never counts as past.
create or replace function public.availability(e public.events)
returns public.event_availability
language sql
stable
set search_path = ''
as $$
  select row(
    greatest(e.max_participants - e.current_participants, 0),
    e.current_participants >= e.max_participants,
    r.reason is null,
    r.reason
  )::public.event_availability
  from (
    select case
      when e.status <> 'published' then e.status
      when e.is_cancelled then 'cancelled'
      when e.start_date < (now() at time zone 'Europe/Zurich')::date then 'past'
      when e.is_sold_out then 'closed'
      when e.current_participants >= e.max_participants then 'full'
    end as reason
  ) r
$$;

comment on function public.availability(public.events) is
  'Seats left, full, bookable and why not: the one capacity rule (computed field of events).';

revoke all on function public.availability(public.events) from public;
grant execute on function public.availability(public.events) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The count stays derived; is_sold_out is left to the admin
-- ---------------------------------------------------------------------------------------------

create or replace function private.events_count_participants()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.current_participants := (
    select count(*)
    from public.participants p
    where p.event_id = new.id and p.payment_status <> 'cancelled'
  );
  return new;
end;
$$;

comment on column public.events.is_sold_out is
  'The admin''s manual "close bookings" switch; never set by the database. Full is derived: public.availability(events).';

-- ---------------------------------------------------------------------------------------------
-- register_for_event refuses exactly when availability says not bookable
-- ---------------------------------------------------------------------------------------------

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
  v_availability public.event_availability;
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
  v_availability := public.availability(v_event);
  if not v_availability.is_bookable then
    raise exception '%', case v_availability.reason
      when 'cancelled' then 'EVENT_CANCELLED'
      when 'closed' then 'EVENT_SOLD_OUT'
      when 'full' then 'EVENT_SOLD_OUT'
      else 'EVENT_NOT_BOOKABLE' -- draft, archived, past
    end;
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
