-- One preamble for every transition that takes seats on an event (issue 25): lock the event row
-- (bookings of one event queue on it, so seat counts and the e-mail-once rule are exact) and
-- refuse an event that cannot take a booking, with the codes each caller already raised:
--
--   'visitor' (private.book: register_for_event, claim_waitlist_offer): a missing, draft or
--     archived event is EVENT_NOT_FOUND (no oracle of which ids exist); then availability:
--     EVENT_CANCELLED, EVENT_SOLD_OUT (closed or full), EVENT_NOT_BOOKABLE (past).
--   'staff' (admin_add_booking, admin_move_booking's target, admin_reactivate_booking):
--     private.check_staff_target: EVENT_NOT_FOUND, EVENT_CANCELLED, EVENT_NOT_BOOKABLE
--     (archived), EVENT_PAST; a full event is the caller's take_seats (NOT_ENOUGH_SEATS or the
--     override).
--
-- admin_change_persons stays on private.lock_booking (which locks the booking's event row too):
-- it changes the persons of a booking on its own event, also after the evening (a correction),
-- which the staff check would refuse.

create function private.lock_bookable_event(p_event_id uuid, p_for text)
returns public.events
language plpgsql
set search_path to ''
as $$
declare
  v_event public.events%rowtype;
  v_availability public.event_availability;
begin
  -- No key update: does not block foreign-key checks of other tables.
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  if p_for = 'staff' then
    perform private.check_staff_target(v_event);
    return v_event;
  end if;
  if p_for is distinct from 'visitor' then
    raise exception 'lock_bookable_event: unknown caller kind %', p_for;
  end if;
  -- Draft and archived events are invisible to visitors: answering them like an unknown id
  -- keeps the function from telling which ids exist.
  if v_event.id is null or v_event.status <> 'published' then
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
  return v_event;
end;
$$;

revoke all on function private.lock_bookable_event(uuid, text) from public;

comment on function private.lock_bookable_event(uuid, text) is
  'Locks the event row for a transition that takes seats and refuses an event that cannot take it: ''visitor'' (published, availability) or ''staff'' (check_staff_target).';

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
  v_event := private.lock_bookable_event(p_event_id, 'visitor');
  v_availability := public.availability(v_event);
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

CREATE OR REPLACE FUNCTION public.admin_add_booking(p_event_id uuid, p_name text, p_email text, p_phone text, p_persons integer, p_payment_method text, p_notes text DEFAULT ''::text, p_send_mail boolean DEFAULT true, p_override boolean DEFAULT false)
 RETURNS public.participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_input record;
  v_event public.events%rowtype;
  v_override boolean;
  v_participant public.participants%rowtype;
  v_payload jsonb;
begin
  perform private.require_admin();
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
  if p_persons is null or p_persons < 1 or p_persons > 50 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  v_event := private.lock_bookable_event(p_event_id, 'staff');
  if not (v_input.payment_method = any (v_event.payment_methods))
     or (v_input.payment_method = 'free' and v_event.price <> 0) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;
  if exists (
    select 1 from public.participants p
     where p.event_id = v_event.id and lower(p.email) = lower(v_input.email)
       and private.holds_seats(p.status)
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;
  v_override := private.take_seats(v_event.id, p_persons, p_override);

  insert into public.participants (event_id, name, email, phone, status, payment_method, notes, persons, hold_expires_at)
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'stripe' and v_event.price > 0 then 'held' else 'confirmed' end,
    v_input.payment_method, v_input.notes, p_persons,
    case when v_input.payment_method = 'stripe' and v_event.price > 0 then now() + private.staff_payment_hold() end
  )
  returning * into v_participant;
  perform private.write_history(v_participant.id, null, 'booked', 'admin',
    (private.booking_money(v_participant.id)).owed_cents,
    case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);

  if coalesce(p_send_mail, true) then
    v_payload := private.booking_mail_payload(v_participant.id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(v_participant.id),
      'addedByStaff', true
    );
    if v_participant.status = 'held' then
      v_payload := v_payload || jsonb_build_object('hold', jsonb_build_object(
        'expiresAt', v_participant.hold_expires_at,
        'amountCents', (private.booking_money(v_participant.id)).open_cents
      ));
    end if;
    perform private.enqueue_mail('participant_confirmation', v_participant.email, v_payload, v_participant.id);
  end if;
  return v_participant;
end;
$function$;

CREATE OR REPLACE FUNCTION public.admin_move_booking(p_participant_id uuid, p_event_id uuid, p_override boolean DEFAULT false)
 RETURNS public.participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_source uuid;
  v_before public.participants%rowtype;
  v_target public.events%rowtype;
  v_old public.events%rowtype;
  v_participant public.participants%rowtype;
  v_override boolean;
  v_money record;
begin
  perform private.require_admin();
  -- Both events locked in id order (two moves in opposite directions must not deadlock), then
  -- the booking; a move meanwhile means the wrong events were locked: again.
  for v_try in 1..6 loop
    if v_try = 6 then
      raise exception 'PARTICIPANT_CHANGED';
    end if;
    select p.event_id into v_source from public.participants p where p.id = p_participant_id;
    if not found then
      raise exception 'PARTICIPANT_NOT_FOUND';
    end if;
    perform 1 from public.events e where e.id in (v_source, p_event_id) order by e.id for no key update;
    select * into v_before from public.participants p where p.id = p_participant_id for update;
    exit when v_before.event_id = v_source;
  end loop;
  -- Already locked above (with the source, in id order); this checks it as a target.
  v_target := private.lock_bookable_event(p_event_id, 'staff');
  if not private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  if v_target.id = v_before.event_id then
    raise exception 'NOTHING_CHANGED';
  end if;
  v_override := private.take_seats(v_target.id, v_before.persons, p_override);
  select * into v_old from public.events e where e.id = v_before.event_id;

  update public.participants p set event_id = v_target.id where p.id = p_participant_id;
  perform private.drop_checkout_session(p_participant_id);
  select * into v_participant from public.participants p where p.id = p_participant_id;
  select * into v_money from private.booking_money(p_participant_id);
  perform private.write_history(p_participant_id, v_before, 'moved', 'admin', v_money.owed_cents,
    case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);
  perform private.enqueue_mail(
    'booking_moved',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(p_participant_id),
      'before', jsonb_build_object(
        'title', v_old.title,
        'startDate', v_old.start_date,
        'endDate', v_old.end_date,
        'startTime', to_char(v_old.start_time, 'HH24:MI'),
        'endTime', to_char(v_old.end_time, 'HH24:MI'),
        'location', v_old.location
      ),
      'money', jsonb_build_object('openCents', v_money.open_cents, 'excessCents', v_money.excess_cents)
    ),
    p_participant_id
  );
  return v_participant;
end;
$function$;

CREATE OR REPLACE FUNCTION public.admin_reactivate_booking(p_participant_id uuid, p_override boolean DEFAULT false)
 RETURNS public.participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_before public.participants%rowtype;
  v_event public.events%rowtype;
  v_participant public.participants%rowtype;
  v_override boolean;
begin
  perform private.require_admin();
  v_before := private.lock_booking(p_participant_id);
  if private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  v_event := private.lock_bookable_event(v_before.event_id, 'staff');
  v_override := private.take_seats(v_event.id, v_before.persons, p_override);
  update public.participants p
     set status = 'confirmed', hold_expires_at = null, hold_released_at = null,
         checkout_session_id = null, checkout_url = null
   where p.id = p_participant_id
  returning * into v_participant;
  perform private.write_history(p_participant_id, v_before, 'reactivated', 'admin',
    (private.booking_money(p_participant_id)).open_cents,
    case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);
  perform private.enqueue_mail(
    'participant_confirmation',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(p_participant_id),
      'addedByStaff', true,
      'reactivated', true
    ),
    p_participant_id
  );
  return v_participant;
end;
$function$;
