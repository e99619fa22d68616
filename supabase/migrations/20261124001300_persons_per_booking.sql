-- Several persons in one booking (issue 14).
--
-- A registration (public.participants row) books `persons` seats. Capacity, the event's count,
-- the availability answer, the dashboard's revenue and occupancy all count persons; an event
-- says how many persons one booking may hold (`max_persons_per_booking`, default 6).
-- register_for_event takes p_persons (default 1, so every caller written for one person keeps
-- working) and refuses with TOO_MANY_PERSONS (over the event's per-booking limit) or
-- NOT_ENOUGH_SEATS (fewer seats left than persons asked for; DETAIL = seats left).

-- ---------------------------------------------------------------------------------------------
-- Columns
-- ---------------------------------------------------------------------------------------------

alter table public.participants
  add column persons integer not null default 1,
  add constraint participants_persons_check check (persons between 1 and 50);

comment on column public.participants.persons is
  'Seats this registration books (1 .. the event''s max_persons_per_booking when a visitor books).';

alter table public.events
  add column max_persons_per_booking integer not null default 6,
  add constraint events_max_persons_per_booking_check check (max_persons_per_booking between 1 and 50);

comment on column public.events.max_persons_per_booking is
  'How many persons one visitor''s booking may hold.';

-- ---------------------------------------------------------------------------------------------
-- The count is persons, not rows
-- ---------------------------------------------------------------------------------------------

-- Which registrations take seats: every one but cancelled and refunded ones (the refund rule
-- is payments' of 20261124001400, kept here). One place for the count and the touch below.
create or replace function private.holds_seats(p_payment_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select p_payment_status not in ('cancelled', 'refunded') $$;

revoke all on function private.holds_seats(text) from public;

-- The persons an event's registrations hold.
create or replace function private.booked_persons(p_event_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(p.persons), 0)::integer
  from public.participants p
  where p.event_id = p_event_id and private.holds_seats(p.payment_status)
$$;

revoke all on function private.booked_persons(uuid) from public;

-- New trigger functions with their own names: migrations sorting after this one (20261124001400)
-- redefine events_count_participants() and participants_touch_event() to count rows; with the
-- triggers below pointing elsewhere, those definitions no longer decide the count.
create or replace function private.events_count_persons()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.current_participants := private.booked_persons(new.id);
  return new;
end;
$$;

revoke all on function private.events_count_persons() from public;

-- A participant's change touches its event row (which recounts) when it moves, starts or stops
-- holding seats, or changes its persons.
create or replace function private.participants_touch_event_seats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
    and new.event_id = old.event_id
    and new.persons = old.persons
    and private.holds_seats(new.payment_status) = private.holds_seats(old.payment_status) then
    return null;
  end if;
  -- A no-op assignment: events_count_persons recounts the row. On a cascading event delete the
  -- event is already gone and nothing is updated.
  update public.events e
  set current_participants = e.current_participants
  where e.id in (
    case when tg_op <> 'DELETE' then new.event_id end,
    case when tg_op <> 'INSERT' then old.event_id end
  );
  return null;
end;
$$;

revoke all on function private.participants_touch_event_seats() from public;

drop trigger events_count_participants on public.events;
create trigger events_count_participants before insert or update on public.events
  for each row execute function private.events_count_persons();

drop trigger participants_touch_event on public.participants;
create trigger participants_touch_event after insert or update or delete on public.participants
  for each row execute function private.participants_touch_event_seats();

-- Recount every event once (existing rows all hold 1 person; this keeps the rule true whatever
-- the data).
update public.events e set current_participants = e.current_participants;

comment on column public.events.current_participants is
  'Persons booked (sum of persons of the registrations that hold seats: private.booked_persons); kept by the database.';

-- ---------------------------------------------------------------------------------------------
-- Availability: one more answer, the most persons one booking may hold now
-- ---------------------------------------------------------------------------------------------

alter type public.event_availability add attribute max_persons integer;

comment on type public.event_availability is
  'Answer of public.availability(events): seats_left, is_full, is_bookable, reason, max_persons; see docs/data-model.md.';

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
    r.reason,
    -- What the booking form offers: never more than the seats left nor the per-booking limit.
    least(greatest(e.max_participants - e.current_participants, 0), e.max_persons_per_booking)
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

-- ---------------------------------------------------------------------------------------------
-- register_for_event with persons. Starts from the newest definition (abuse rules,
-- 20261124001000: no oracle for unpublished events, 'free' only at price 0, one active
-- registration per e-mail and event) and keeps setting confirmation_token_hash on insert, which
-- the outbox's trigger (20261124000300) needs. A new parameter means a new signature: the new
-- function is created beside the old one, takes over the old one's grants, and the old one goes.
-- ---------------------------------------------------------------------------------------------

create function public.register_for_event(
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
      select e.current_participants into v_event.current_participants
      from public.events e where e.id = v_participant.event_id;
      return jsonb_build_object(
        'participant_id', v_participant.id,
        'confirmation_token', v_token.token,
        'payment_status', v_participant.payment_status,
        'persons', v_participant.persons,
        'current_participants', v_event.current_participants
      );
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

  -- The participants trigger has recounted the event.
  select e.current_participants into v_event.current_participants
  from public.events e where e.id = v_event.id;

  return jsonb_build_object(
    'participant_id', v_participant.id,
    'confirmation_token', v_token.token,
    'payment_status', v_participant.payment_status,
    'persons', v_participant.persons,
    'current_participants', v_event.current_participants
  );
end;
$$;

comment on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer) is
  'Registration of 1..max_persons_per_booking persons: locks the event, checks it, inserts the participant. See docs/data-model.md.';

-- The same callers as the definition it replaces (whatever an earlier migration granted or
-- revoked), plus the service role.
revoke all on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer) from public;
do $$
declare
  v_role text;
begin
  foreach v_role in array array['anon', 'authenticated'] loop
    if has_function_privilege(v_role, 'public.register_for_event(uuid, text, text, text, text, text, uuid)', 'EXECUTE') then
      execute format(
        'grant execute on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer) to %I',
        v_role
      );
    end if;
  end loop;
end;
$$;
grant execute on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer)
  to service_role;

drop function public.register_for_event(uuid, text, text, text, text, text, uuid);

-- ---------------------------------------------------------------------------------------------
-- admin_add_participant with persons (the admin may go beyond capacity and the per-booking
-- limit: the admin decides; the column's check still holds)
-- ---------------------------------------------------------------------------------------------

drop function public.admin_add_participant(uuid, text, text, text, text, text, text, boolean);

create or replace function public.admin_add_participant(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_status text default 'pending',
  p_payment_method text default 'stripe',
  p_notes text default '',
  p_send_confirmation boolean default false,
  p_persons integer default 1
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
  if p_persons is null or p_persons < 1 or p_persons > 50 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  perform 1 from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;

  insert into public.participants (event_id, name, email, phone, payment_status, payment_method, notes, persons)
  values (p_event_id, v_input.name, v_input.email, v_input.phone, p_payment_status,
    v_input.payment_method, v_input.notes, p_persons)
  returning * into v_participant;
  if coalesce(p_send_confirmation, false) then
    perform private.enqueue_booking_mails(v_participant.id, false);
  end if;
  return v_participant;
end;
$$;

revoke all on function public.admin_add_participant(uuid, text, text, text, text, text, text, boolean, integer)
  from public, anon;
grant execute on function public.admin_add_participant(uuid, text, text, text, text, text, text, boolean, integer)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Mails say how many persons were booked
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
