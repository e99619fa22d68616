-- Issue 28, discount codes (the database slice): a code takes a percentage or a fixed amount off
-- a booking, within its validity dates, up to its maximum uses (counted under the code's row lock),
-- limited to events and/or categories and to a minimum of persons. The booking keeps a snapshot
-- of the code's terms, so editing the code later changes no booking; private.owed_cents is the
-- one rule for what a booking owes, read by booking_money, the booking and the manage page.

create table public.discount_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  label text not null default '',
  percent integer,
  amount_cents integer,
  valid_from date,
  valid_until date,
  max_uses integer,
  min_persons integer not null default 1,
  event_ids uuid[] not null default '{}',
  categories text[] not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint discount_codes_code_key unique (code),
  -- Upper case letters, digits and dashes: typed on a phone, read aloud, never ambiguous in case.
  constraint discount_codes_code_check check (code ~ '^[A-Z0-9][A-Z0-9-]{2,29}$'),
  constraint discount_codes_label_check check (char_length(label) <= 200),
  constraint discount_codes_kind_check check ((percent is null) <> (amount_cents is null)),
  constraint discount_codes_percent_check check (percent between 1 and 100),
  constraint discount_codes_amount_check check (amount_cents between 1 and 10000000),
  constraint discount_codes_dates_check check (valid_until >= valid_from),
  constraint discount_codes_max_uses_check check (max_uses >= 1),
  constraint discount_codes_min_persons_check check (min_persons between 1 and 100),
  constraint discount_codes_categories_check check (categories <@ array['breathwork', 'workshop',
    'retreat', 'stammtisch', 'kids', 'sense-of-breath', 'fondue']::text[])
);
comment on table public.discount_codes is
  'Discount codes (issue 28): percent or amount off, validity, maximum uses, events/categories, minimum persons. Admins only; visitors check a code through check_discount_code.';
comment on column public.discount_codes.event_ids is
  'Limited to these events (none: every event); an id of a deleted event simply matches nothing.';

alter table public.discount_codes enable row level security;
create policy "Admins manage discount codes" on public.discount_codes as permissive for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));
revoke all on table public.discount_codes from anon, authenticated, service_role;
grant select, insert, update, delete on table public.discount_codes to authenticated, service_role;

create trigger discount_codes_set_updated_at before update on public.discount_codes
  for each row execute function private.set_updated_at();

alter table public.participants
  add column discount_code_id uuid references public.discount_codes (id) on delete restrict,
  add column code_percent integer,
  add column code_amount_cents integer,
  add column code_min_persons integer,
  add constraint participants_discount_code_check check (
    case when discount_code_id is null
         then code_percent is null and code_amount_cents is null and code_min_persons is null
         else (code_percent is null) <> (code_amount_cents is null) and code_min_persons is not null
    end);
comment on column public.participants.discount_code_id is
  'The discount code booked with; its terms as booked are in code_percent / code_amount_cents / code_min_persons.';
create index participants_discount_code_id_idx on public.participants (discount_code_id)
  where discount_code_id is not null;

-- What a code takes off price x persons: a percentage (rounded to the centime), or a fixed amount
-- (at most the price); nothing below the code's minimum of persons (a booking reduced below it
-- loses the discount).
create function private.code_discount_cents(p_price numeric, p_persons integer, p_percent integer,
  p_amount_cents integer, p_min_persons integer)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select case
    when p_min_persons is null or p_persons < p_min_persons then 0
    when p_percent is not null then round((round(p_price * 100))::integer * p_persons * p_percent / 100.0)::integer
    else least(coalesce(p_amount_cents, 0), (round(p_price * 100))::integer * p_persons)
  end
$function$;
revoke all on function private.code_discount_cents(numeric, integer, integer, integer, integer) from public;

-- What a booking that holds seats owes: price x persons, less its code's discount and the staff's
-- concession (discount_cents), never below zero.
create function private.owed_cents(p_price numeric, p_persons integer, p_discount_cents integer,
  p_percent integer, p_amount_cents integer, p_min_persons integer)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select greatest((round(p_price * 100))::integer * p_persons
    - private.code_discount_cents(p_price, p_persons, p_percent, p_amount_cents, p_min_persons)
    - coalesce(p_discount_cents, 0), 0)
$function$;
revoke all on function private.owed_cents(numeric, integer, integer, integer, integer, integer) from public;

CREATE OR REPLACE FUNCTION private.booking_money(p_participant_id uuid, OUT owed_cents integer, OUT paid_cents integer, OUT refunded_cents integer, OUT balance_cents integer, OUT open_cents integer, OUT excess_cents integer, OUT needs_review boolean, OUT paid_method text)
 RETURNS record
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.owed,
         m.paid,
         r.refunded,
         m.paid - r.refunded,
         greatest(o.owed - (m.paid - r.refunded), 0),
         greatest((m.paid - r.refunded) - o.owed, 0),
         m.review,
         m.last_method
    from public.participants p
    join public.events e on e.id = p.event_id
   cross join lateral (
     -- A cancelled booking owes its cancellation fee (0 unless a late hut cancellation).
     select case when private.holds_seats(p.status)
                 then private.owed_cents(e.price, p.persons, p.discount_cents, p.code_percent,
                                         p.code_amount_cents, p.code_min_persons)
                 else p.cancellation_fee_cents end as owed
   ) o
   cross join lateral (
     select coalesce(sum(y.amount_cents) filter (where y.state = 'succeeded'), 0)::integer as paid,
            coalesce(bool_or(y.state = 'mismatch'), false) as review,
            (array_agg(y.method order by y.created_at desc, y.id) filter (where y.state = 'succeeded'))[1] as last_method
       from public.payments y
      where y.participant_id = p.id
   ) m
   cross join lateral (select private.refunded_cents(p.id) as refunded) r
   where p.id = p_participant_id
$function$;

-- The bookings that use a code now (holding seats): a cancelled or lapsed booking gives its use back.
create function private.discount_code_uses(p_code_id uuid)
 returns integer
 language sql
 stable security definer
 set search_path to ''
as $function$
  select count(*)::integer from public.participants p
   where p.discount_code_id = p_code_id and private.holds_seats(p.status)
$function$;
revoke all on function private.discount_code_uses(uuid) from public;

create function private.checked_discount_code(p_event public.events, p_code text, p_persons integer,
  p_lock boolean)
 returns public.discount_codes
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_code public.discount_codes;
  v_today date := private.today_in_zurich();
begin
  if p_lock then
    select * into v_code from public.discount_codes c where c.code = upper(btrim(p_code)) for update;
  else
    select * into v_code from public.discount_codes c where c.code = upper(btrim(p_code));
  end if;
  if v_code.id is null then
    raise exception 'DISCOUNT_CODE_UNKNOWN';
  end if;
  if not v_code.active or v_today > v_code.valid_until then
    raise exception 'DISCOUNT_CODE_EXPIRED';
  end if;
  if v_today < v_code.valid_from then
    raise exception 'DISCOUNT_CODE_NOT_YET_VALID' using detail = to_char(v_code.valid_from, 'YYYY-MM-DD');
  end if;
  if (cardinality(v_code.event_ids) > 0 or cardinality(v_code.categories) > 0)
     and not (p_event.id = any (v_code.event_ids) or p_event.category = any (v_code.categories)) then
    raise exception 'DISCOUNT_CODE_NOT_FOR_EVENT';
  end if;
  if p_persons < v_code.min_persons then
    raise exception 'DISCOUNT_CODE_MIN_PERSONS' using detail = v_code.min_persons::text;
  end if;
  if v_code.max_uses is not null and private.discount_code_uses(v_code.id) >= v_code.max_uses then
    raise exception 'DISCOUNT_CODE_USED_UP';
  end if;
  return v_code;
end;
$function$;
revoke all on function private.checked_discount_code(public.events, text, integer, boolean) from public;

-- The booking form's check as the visitor types a code: what it takes off this booking now. The
-- booking itself checks again (and counts the use) in private.book.
create function public.check_discount_code(p_event_id uuid, p_code text, p_persons integer)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_event public.events;
  v_code public.discount_codes;
begin
  select * into v_event from public.events e where e.id = p_event_id and e.status = 'published';
  if v_event.id is null then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if p_persons is null or p_persons < 1 or p_persons > 100 or char_length(coalesce(p_code, '')) > 60 then
    raise exception 'INVALID_INPUT';
  end if;
  v_code := private.checked_discount_code(v_event, coalesce(p_code, ''), p_persons, false);
  return jsonb_build_object(
    'code', v_code.code,
    'percent', v_code.percent,
    'amount_cents', v_code.amount_cents,
    'min_persons', v_code.min_persons,
    'discount_cents', private.code_discount_cents(v_event.price, p_persons, v_code.percent,
      v_code.amount_cents, v_code.min_persons),
    'total_cents', private.owed_cents(v_event.price, p_persons, 0, v_code.percent,
      v_code.amount_cents, v_code.min_persons)
  );
end;
$function$;
revoke all on function public.check_discount_code(uuid, text, integer) from public;
grant execute on function public.check_discount_code(uuid, text, integer) to anon, authenticated;
comment on function public.check_discount_code(uuid, text, integer) is
  'The booking form''s check of a discount code for an event and a number of persons: what it takes off, or a DISCOUNT_CODE_* refusal.';

-- The admin list: every code with its uses now.
create function public.admin_discount_codes()
 returns table (id uuid, code text, uses integer)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
begin
  perform private.require_admin();
  return query
    select c.id, c.code, private.discount_code_uses(c.id) from public.discount_codes c order by c.code;
end;
$function$;
revoke all on function public.admin_discount_codes() from public, anon;
grant execute on function public.admin_discount_codes() to authenticated;

drop function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer);
drop function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer);

CREATE FUNCTION private.book(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, p_request_id uuid, p_persons integer, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer, p_discount_code text DEFAULT NULL::text)
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
  v_confirm_by_mail boolean;
  v_code public.discount_codes;
  v_owed integer;
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
  -- A discount code (issue 28): checked and its use counted under the code's row lock, so
  -- concurrent bookings with the last use get it exactly once (DISCOUNT_CODE_USED_UP).
  if nullif(btrim(coalesce(p_discount_code, '')), '') is not null then
    v_code := private.checked_discount_code(v_event, p_discount_code, p_persons, true);
  end if;
  v_owed := private.owed_cents(v_event.price, p_persons, 0, v_code.percent, v_code.amount_cents,
                               v_code.min_persons);
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
  -- waiting-list claim (no key) and the team's bookings are confirmed at once. A fondue hut
  -- evening is held whatever the group size: one booking takes the whole evening (issue 27).
  v_confirm_by_mail := p_address_key is not null
    and v_input.payment_method in ('onsite', 'invoice')
    and (p_persons > private.address_confirm_above_persons() or v_event.category = 'fondue');

  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token; for a booking held for confirmation the trigger
  -- mints the confirm link's token); the payment hold from its trigger.
  insert into public.participants (
    event_id, name, email, phone, status, payment_method, notes, request_id,
    confirmation_token_hash, persons, answers, hold_expires_at,
    discount_code_id, code_percent, code_amount_cents, code_min_persons
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case
      -- Nothing to pay online (a code covers the whole price): booked at once.
      when v_input.payment_method = 'stripe' and v_owed > 0 then 'held'
      when v_confirm_by_mail then 'held'
      else 'confirmed'
    end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash, p_persons, v_answers,
    case when v_confirm_by_mail then private.now() + private.address_confirm_hold() end,
    v_code.id, v_code.percent, v_code.amount_cents, v_code.min_persons
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
revoke all on function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text) from public;

CREATE FUNCTION public.register_for_event(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text DEFAULT ''::text, p_request_id uuid DEFAULT NULL::uuid, p_persons integer DEFAULT 1, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer, p_discount_code text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.book(
    p_event_id, p_name, p_email, p_phone, p_payment_method, p_notes, p_request_id, p_persons,
    p_answers, p_address_key, p_persons_per_address, p_discount_code
  )
$function$;
revoke all on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text) from anon, authenticated, public;
comment on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text) is 'A visitor''s booking of 1..max_persons_per_booking persons with the answers to the event''s questions; with p_address_key, at most private.persons_allowance persons per address, event and hour (ADDRESS_PERSONS_LIMIT); with p_discount_code, the code''s discount (DISCOUNT_CODE_* refusals). The rules are private.book''s. See docs/data-model.md.';

CREATE OR REPLACE FUNCTION public.booking_by_token(p_reference text, p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_check record;
  v_participant public.participants%rowtype;
  v_event public.events%rowtype;
  v_money record;
  v_deadline timestamptz;
  v_active boolean;
  v_before_deadline boolean;
begin
  select * into v_check from private.manage_token_check(p_reference, p_token);
  if not found then
    return null;
  end if;
  if v_check.expired then
    return jsonb_build_object('status', 'expired');
  end if;
  select * into v_participant from public.participants p where p.id = v_check.participant_id;
  select * into v_event from public.events e where e.id = v_participant.event_id;
  select * into v_money from private.booking_money(v_participant.id);
  v_deadline := private.cancellation_deadline(v_event);
  v_active := private.holds_seats(v_participant.status);
  v_before_deadline := v_deadline is null or private.now() < v_deadline;
  return jsonb_build_object(
    'status', 'valid',
    'reference', v_participant.reference,
    'name', v_participant.name,
    'email', v_participant.email,
    'persons', v_participant.persons,
    'payment_method', v_participant.payment_method,
    'booking_status', v_participant.status,
    -- The derived payment word (pending / paid / cancelled / refunded).
    'payment_status', private.payment_word(v_participant.id),
    -- The visitor's own answers, each with the question's text as booked.
    'answers', v_participant.answers,
    'state', private.visitor_state(v_participant.id),
    -- What this booking costs (or cost, once paid and cancelled), what is still to pay.
    'amount_cents', case when v_active then v_money.owed_cents else v_money.paid_cents end,
    'open_cents', v_money.open_cents,
    'paid_cents', v_money.paid_cents,
    'refunded_cents', v_money.refunded_cents,
    'paid_method', v_money.paid_method,
    'event', jsonb_build_object(
      'title', v_event.title,
      'slug', v_event.slug,
      'category', v_event.category,
      'description', v_event.description,
      'start_date', v_event.start_date,
      'end_date', v_event.end_date,
      'start_time', to_char(v_event.start_time, 'HH24:MI'),
      'end_time', to_char(v_event.end_time, 'HH24:MI'),
      'location', v_event.location,
      'price', v_event.price,
      'bring_along', v_event.bring_along,
      'is_cancelled', v_event.is_cancelled,
      'cancellation_deadline_hours', v_event.cancellation_deadline_hours,
      'late_cancellation_charge_percent', v_event.late_cancellation_charge_percent
    ),
    'deadline', v_deadline,
    -- Fewer persons: before the deadline, never for the hut (its price is the group's).
    'can_reduce', v_active and not v_event.is_cancelled and v_before_deadline
      and v_event.category <> 'fondue',
    -- Cancelling: before the deadline, or after it where the event keeps a share.
    'can_change', v_active and not v_event.is_cancelled
      and (v_before_deadline or (v_event.late_cancellation_charge_percent is not null
                                 and private.now() < (private.event_schedule(v_event)).starts_at)),
    'cancellation', private.cancellation_terms(v_participant.id),
    -- The QR ticket shown at the door (issue 28): only for a booked seat at an event that takes place.
    'ticket_code', private.booking_ticket(v_participant.id),
    -- The discount code booked with (issue 28) and what it takes off now; null without one.
    'discount', case when v_participant.discount_code_id is not null then jsonb_build_object(
      'code', (select c.code from public.discount_codes c where c.id = v_participant.discount_code_id),
      'percent', v_participant.code_percent,
      'amount_cents', v_participant.code_amount_cents,
      'min_persons', v_participant.code_min_persons,
      'cents', private.code_discount_cents(v_event.price, v_participant.persons,
        v_participant.code_percent, v_participant.code_amount_cents, v_participant.code_min_persons)
    ) end,
    -- What the booking would cost for 1 .. persons (the reduce form's choices), by the same rule.
    'total_cents_by_persons', (
      select jsonb_agg(private.owed_cents(v_event.price, n, v_participant.discount_cents,
        v_participant.code_percent, v_participant.code_amount_cents, v_participant.code_min_persons)
        order by n)
      from generate_series(1, v_participant.persons) n
    )
  );
end;
$function$;

insert into public.error_codes (code, visitor_message, admin_message) values
  ('DISCOUNT_CODE_UNKNOWN', 'Diesen Code kennen wir nicht. Bitte prüfe die Schreibweise.', null),
  ('DISCOUNT_CODE_EXPIRED', 'Dieser Code ist nicht mehr gültig.', null),
  ('DISCOUNT_CODE_NOT_YET_VALID', 'Dieser Code ist noch nicht gültig.', null),
  ('DISCOUNT_CODE_NOT_FOR_EVENT', 'Code gilt nicht für dieses Event.', null),
  ('DISCOUNT_CODE_MIN_PERSONS', 'Dieser Code gilt erst ab mehr Personen.', null),
  ('DISCOUNT_CODE_USED_UP', 'Dieser Code ist bereits vollständig eingelöst.', null);
