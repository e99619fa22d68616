-- Unconfirmed large on-site and invoice bookings expire (issue 25, "Seats per address, not
-- requests"). A booking paid on site or by invoice used to hold its seats until the evening
-- whatever happened: anyone could book out an event under made-up addresses. Now a visitor's
-- booking of more than 2 persons (private.address_confirm_above_persons) paid on site or by
-- invoice starts `held` until private.now() + 60 minutes (private.address_confirm_hold) and
-- becomes confirmed by the "Buchung bestätigen" link in its confirmation mail
-- (public.confirm_booking). Unconfirmed, release_expired_holds (cron release-expired-holds, every
-- minute) lets it expire like an unpaid online hold; the seat-count trigger gives the seats back
-- and the waiting list's trigger offers them.
--
-- Not held: 1-2 persons (a couple books in one click as before), a waiting-list claim (no address
-- key: the offer's mail already proved the address), the team's bookings (admin_add_booking).
-- A family of 4 still books in one form; its one extra click is in the mail it receives anyway.
--
-- The confirm link's token is its own (participants.hold_confirm_token_hash), not the manage
-- token: the booker's page receives the manage token, so the confirmation proves the mailbox.

alter table public.participants drop constraint participants_held_check;
alter table public.participants add constraint participants_held_check check (
  status <> 'held' or (payment_method in ('stripe', 'onsite', 'invoice') and hold_expires_at is not null)
);
-- A Checkout session is the online payment's only; an on-site or invoice booking may now carry a
-- hold (and keeps its expiry once expired, as an online one does).
alter table public.participants drop constraint participants_stripe_columns_check;
alter table public.participants add constraint participants_stripe_columns_check check (
  payment_method = 'stripe' or checkout_session_id is null
);

alter table public.participants
  add column hold_confirm_token_hash text check (hold_confirm_token_hash ~ '^[0-9a-f]{64}$');

comment on column public.participants.hold_confirm_token_hash is
  'sha256 (private.token_hash) of the token in the "Buchung bestätigen" link of a held on-site or invoice booking''s mail; public.confirm_booking checks it.';
comment on column public.participants.hold_expires_at is
  'A held booking''s end: online payment, unpaid until then (30 minutes, the Checkout session''s expiry); on site or invoice with more than 2 persons, unconfirmed until then (60 minutes, private.address_confirm_hold).';
comment on column public.participants.status is
  'The booking''s state: held (online payment open, or a large on-site/invoice booking not yet confirmed by its mail link, until hold_expires_at), confirmed, cancelled, expired (hold lapsed). Seats are held while held or confirmed (private.holds_seats). Written only by the transitions; see docs/data-model.md.';

alter table public.booking_history drop constraint booking_history_action_check;
alter table public.booking_history add constraint booking_history_action_check check (action = any (array[
  'booked', 'payment_confirmed', 'payment_mismatch', 'payment_recorded', 'payment_accepted',
  'payment_rejected', 'cancelled_by_visitor', 'reduced_by_visitor', 'cancelled_by_staff',
  'refunded', 'refund_recorded', 'persons_changed', 'moved', 'reactivated', 'hold_expired',
  'waitlist_claimed', 'event_cancelled', 'contact_changed', 'checked_in', 'checkin_undone',
  'confirmed_by_visitor'
]));

create function private.address_confirm_hold()
returns interval
language sql
immutable
set search_path to ''
as $$ select interval '60 minutes' $$;

revoke all on function private.address_confirm_hold() from public;
comment on function private.address_confirm_hold() is
  'How long a large on-site or invoice booking waits for the click on its mail''s confirm link before its seats are freed (issue 25; docs/deployment.md).';

create function private.address_confirm_above_persons()
returns integer
language sql
immutable
set search_path to ''
as $$ select 2 $$;

revoke all on function private.address_confirm_above_persons() from public;
comment on function private.address_confirm_above_persons() is
  'A visitor''s on-site or invoice booking of more persons than this is held until confirmed by its mail link (issue 25).';

create or replace function private.book(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, p_request_id uuid, p_persons integer, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_input record;
  v_event public.events%rowtype;
  v_availability public.event_availability;
  v_participant public.participants%rowtype;
  v_token record;
  v_answers jsonb;
  v_allowance integer;
  v_confirm_by_mail boolean;
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

  -- A visitor's booking of more than private.address_confirm_above_persons() persons paid on
  -- site or by invoice is held until confirmed by the link in its mail (issue 25): nothing else
  -- ends a booking nobody pays in advance, so unconfirmed it frees its seats after
  -- private.address_confirm_hold(). Only the visitor path (an address key) is held: a
  -- waiting-list claim (no key) and the team's bookings are confirmed at once.
  v_confirm_by_mail := p_address_key is not null
    and v_input.payment_method in ('onsite', 'invoice')
    and p_persons > private.address_confirm_above_persons();

  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token; for a booking held for confirmation the trigger
  -- mints the confirm link's token); the payment hold from its trigger.
  insert into public.participants (
    event_id, name, email, phone, status, payment_method, notes, request_id,
    confirmation_token_hash, persons, answers, hold_expires_at
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case
      when v_input.payment_method = 'stripe' and v_event.price > 0 then 'held'
      when v_confirm_by_mail then 'held'
      else 'confirmed'
    end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash, p_persons, v_answers,
    case when v_confirm_by_mail then private.now() + private.address_confirm_hold() end
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
$$;

-- The confirm link's token, minted when the mail is queued (the only place that sees it) for a
-- booking held for confirmation; a new mail (the team's "Bestätigung erneut senden") replaces it.
create function private.hold_confirm_payload(p_participant_id uuid)
returns jsonb
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_participant public.participants%rowtype;
  v_token record;
begin
  select * into v_participant from public.participants p where p.id = p_participant_id;
  if v_participant.status is distinct from 'held' or v_participant.payment_method = 'stripe' then
    return '{}';
  end if;
  select * into v_token from private.new_confirmation_token();
  update public.participants p set hold_confirm_token_hash = v_token.token_hash
   where p.id = p_participant_id;
  return jsonb_build_object('confirmHold', jsonb_build_object(
    'token', v_token.token,
    'expiresAt', v_participant.hold_expires_at,
    'minutes', (extract(epoch from private.address_confirm_hold()) / 60)::integer
  ));
end;
$$;

revoke all on function private.hold_confirm_payload(uuid) from public;

create or replace function private.enqueue_booking_mails(p_participant_id uuid, p_notify_provider boolean)
returns void
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_payload jsonb := private.booking_mail_payload(p_participant_id);
begin
  perform private.enqueue_mail(
    'participant_confirmation',
    v_payload #>> '{participant,email}',
    v_payload || jsonb_build_object('manageToken', private.mint_manage_token(p_participant_id))
      || private.hold_confirm_payload(p_participant_id),
    p_participant_id
  );
  if p_notify_provider then
    perform private.enqueue_mail('registration_notice', null, v_payload, p_participant_id);
  end if;
end;
$$;

create or replace function public.admin_resend_confirmation(p_participant_id uuid)
returns uuid
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_payload jsonb;
begin
  perform private.require_admin();
  v_payload := private.booking_mail_payload(p_participant_id);
  if v_payload is null then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  -- A booking still waiting for its confirmation gets a working confirm link again.
  return private.enqueue_mail(
    'participant_confirmation', v_payload #>> '{participant,email}',
    v_payload || private.hold_confirm_payload(p_participant_id), p_participant_id
  );
end;
$$;

-- The click on "Buchung bestätigen": confirms a booking held for confirmation before its hold
-- lapses. Idempotent (a second click, or a booking the team confirmed by recording its payment:
-- 'already_confirmed'); a lapsed hold is refused with CONFIRMATION_EXPIRED (DETAIL: the event's
-- slug, for the page's link to book again), even before the cron job has released it.
create function public.confirm_booking(p_reference text, p_token text)
returns jsonb
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_id uuid;
  v_before public.participants%rowtype;
  v_slug text;
  v_title text;
begin
  select p.id into v_id from public.participants p
   where p.reference = upper(btrim(coalesce(p_reference, '')))
     and p.hold_confirm_token_hash = private.token_hash(p_token);
  if v_id is null then
    raise exception 'TOKEN_INVALID';
  end if;
  v_before := private.lock_booking(v_id);
  select e.slug, e.title into v_slug, v_title from public.events e where e.id = v_before.event_id;
  if v_before.status = 'confirmed' then
    return jsonb_build_object('outcome', 'already_confirmed', 'reference', v_before.reference,
      'event_slug', v_slug, 'event_title', v_title);
  end if;
  if v_before.status = 'held' and v_before.hold_expires_at > private.now() then
    update public.participants p set status = 'confirmed', hold_expires_at = null
     where p.id = v_id;
    perform private.write_history(v_id, v_before, 'confirmed_by_visitor', 'visitor');
    return jsonb_build_object('outcome', 'confirmed', 'reference', v_before.reference,
      'event_slug', v_slug, 'event_title', v_title);
  end if;
  if v_before.status in ('held', 'expired') then
    raise exception 'CONFIRMATION_EXPIRED' using detail = v_slug;
  end if;
  raise exception 'BOOKING_CANCELLED';
end;
$$;

revoke all on function public.confirm_booking(text, text) from public;
grant execute on function public.confirm_booking(text, text) to anon, authenticated;
comment on function public.confirm_booking(text, text) is
  'The confirm link of a held on-site or invoice booking''s mail (reference + token): confirmed, already_confirmed, or CONFIRMATION_EXPIRED (DETAIL: event slug) once private.address_confirm_hold has passed. See docs/contracts.md.';

create or replace function public.release_expired_holds()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_count integer := 0;
  v_id uuid;
begin
  for v_id in
    select p.id from public.participants p
     where p.status = 'held' and p.hold_expires_at < private.now() and p.checkout_session_id is null
  loop
    perform private.lock_booking(v_id);
    if exists (select 1 from public.participants p
                where p.id = v_id and p.status = 'held' and p.hold_expires_at < private.now()
                  and p.checkout_session_id is null)
      and private.release_hold(v_id) then
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end;
$$;

insert into public.error_codes (code, visitor_message, admin_message) values
  ('CONFIRMATION_EXPIRED',
   'Die Reservation ist abgelaufen: Ohne Bestätigung innert 60 Minuten haben wir die Plätze wieder freigegeben. Du kannst das Event gerne neu buchen.',
   null);
