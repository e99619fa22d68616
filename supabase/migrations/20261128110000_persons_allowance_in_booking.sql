-- Persons per client address inside the booking's own transaction (issue 25, step 2).
--
-- register-for-event used to take the persons from the address's allowance in one call, book in
-- a second and give them back in a third when the database refused the booking. Now
-- register_for_event takes the address key (the edge function's trusted client address,
-- 'ip:<address or IPv6 /64>') and the configured minimum allowance, and private.book takes the
-- persons right before it stores the booking: a refusal (sold out, name refused, e-mail already
-- registered ...) raises before anything is counted, and a failure after it rolls the count back.

-- How many persons one client address may book for one event per window: the configured minimum
-- (RATE_LIMIT_PERSONS_PER_EVENT_PER_HOUR, default 6), one booking of the event's own per-booking
-- limit, or 40 % of its seats rounded up, whichever is most (docs/deployment.md).
create function private.persons_allowance(p_event public.events, p_minimum integer)
returns integer
language sql
immutable
set search_path to ''
as $$
  select greatest(
    coalesce(p_minimum, 6),
    p_event.max_persons_per_booking,
    ceil(p_event.max_participants * 0.4)::integer
  )
$$;

create function private.persons_allowance_window_seconds()
returns integer
language sql
immutable
set search_path to ''
as $$ select 3600 $$;

revoke all on function private.persons_allowance(public.events, integer) from public;
revoke all on function private.persons_allowance_window_seconds() from public;

comment on function private.persons_allowance(public.events, integer) is
  'Persons one client address may book for the event per window: max(minimum, max_persons_per_booking, ceil(40 % of max_participants)).';
comment on function private.persons_allowance_window_seconds() is
  'The window of the persons-per-address allowance: one hour.';

drop function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb);
drop function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb);
-- Nothing gives units back any more: the booking's transaction rolls its count back.
drop function public.return_rate_limit_units(text, integer, integer);

CREATE OR REPLACE FUNCTION private.book(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, p_request_id uuid, p_persons integer, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_input record;
  v_event public.events%rowtype;
  v_availability public.event_availability;
  v_participant public.participants%rowtype;
  v_token record;
  v_answers jsonb;
  v_allowance integer;
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
  -- The event's questions: required ones answered, choices among their options.
  v_answers := private.checked_answers(v_event.questions, p_answers);
  if exists (
    select 1
    from public.participants p
    where p.event_id = v_event.id
      and lower(p.email) = lower(v_input.email)
      and private.holds_seats(p.status)
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;
  -- Persons per client address and event (issue 25), counted last so that a booking refused
  -- for any other reason costs the address nothing, and in this transaction so that a booking
  -- that fails later gives its persons back by rolling back. Without a key (the service role
  -- booking for itself, a waiting-list claim of seats offered to it) nothing is counted.
  if p_address_key is not null then
    v_allowance := private.persons_allowance(v_event, p_persons_per_address);
    if not public.take_rate_limit_units(
      'persons:' || p_address_key || ':event:' || v_event.id::text, p_persons, v_allowance,
      private.persons_allowance_window_seconds()
    ) then
      raise exception 'ADDRESS_PERSONS_LIMIT' using detail = v_allowance::text;
    end if;
  end if;

  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token); the payment hold from its trigger.
  insert into public.participants (
    event_id, name, email, phone, status, payment_method, notes, request_id,
    confirmation_token_hash, persons, answers
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'stripe' and v_event.price > 0 then 'held' else 'confirmed' end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash, p_persons, v_answers
  )
  returning * into v_participant;

  -- A waiting-list claim books with its entry's id as request id.
  perform private.write_history(
    v_participant.id, null, case when exists (
      select 1 from public.waitlist_entries w where w.id = p_request_id
    ) then 'waitlist_claimed' else 'booked' end, 'visitor',
    (private.booking_money(v_participant.id)).owed_cents
  );
  return private.booking_receipt(v_participant.id, v_token.token);
end;
$function$;

create function public.register_for_event(
  p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text,
  p_notes text default '', p_request_id uuid default null, p_persons integer default 1,
  p_answers jsonb default '{}', p_address_key text default null,
  p_persons_per_address integer default null
)
returns jsonb
language sql
security definer
set search_path to ''
as $$
  select private.book(
    p_event_id, p_name, p_email, p_phone, p_payment_method, p_notes, p_request_id, p_persons,
    p_answers, p_address_key, p_persons_per_address
  )
$$;

revoke all on function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer) from public;
revoke all on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer) from anon, authenticated, public;

comment on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer) is
  'A visitor''s booking of 1..max_persons_per_booking persons with the answers to the event''s questions; with p_address_key, at most private.persons_allowance persons per address, event and hour (ADDRESS_PERSONS_LIMIT). The rules are private.book''s. See docs/data-model.md.';

insert into public.error_codes (code, visitor_message, admin_message) values
  ('ADDRESS_PERSONS_LIMIT',
   'Von deiner Internetverbindung können für dieses Event nicht mehr Personen gebucht werden. Für eine grössere Gruppe melde dich bitte direkt bei uns.',
   null);
