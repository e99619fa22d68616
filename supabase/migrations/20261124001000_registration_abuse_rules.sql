-- Rules against abuse of the public registration (issue 13):
--
-- * 'free' is a payment method only of events without a price, and a registration of a priced
--   event is never marked paid by register_for_event.
-- * An unknown event id and an event a visitor cannot see (draft, archived) get the same
--   answer, EVENT_NOT_FOUND, so the function is no oracle for unpublished events.
-- * One e-mail address holds at most one active (pending or paid) registration per event; a
--   second attempt gets ALREADY_REGISTERED.
--
-- register_for_event below starts from the newest definition before it (availability,
-- 20261124000100) and keeps setting confirmation_token_hash on insert, which the mail outbox's
-- trigger (20261124000300) needs to queue the confirmation.

-- ---------------------------------------------------------------------------------------------
-- 'free' only without a price
-- ---------------------------------------------------------------------------------------------

-- Existing priced events that offer 'free' lose it (pay on site instead when it was the only
-- method), so the constraint below can be added to a database that already holds events.
update public.events
set payment_methods = coalesce(nullif(array_remove(payment_methods, 'free'), '{}'), array['onsite'])
where price <> 0 and 'free' = any (payment_methods);

alter table public.events
  add constraint events_payment_methods_free_check
  check (price = 0 or not ('free' = any (payment_methods)));

comment on constraint events_payment_methods_free_check on public.events is
  '"free" (Kostenlos) is offered only by events with price 0: a paid event cannot be booked as free.';

-- The e-mail-once rule looks up the event's registrations by address.
create index if not exists participants_event_id_email_idx
  on public.participants (event_id, lower(email));

-- ---------------------------------------------------------------------------------------------
-- register_for_event (newest definition: keeps core's availability rule, adds the above)
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
    confirmation_token_hash
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'free' and v_event.price = 0 then 'paid' else 'pending' end,
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
  'Registration: locks the event, checks it, inserts the participant. See docs/data-model.md.';
