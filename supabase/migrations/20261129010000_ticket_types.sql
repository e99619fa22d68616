-- Issue 28, ticket types per event: "Erwachsene CHF 45", "Kinder (5–12) CHF 25". An event without
-- types books as before (one implicit type at the event's price). A booking keeps its tickets as
-- rows (booking_tickets) with the name and price as booked, so the price components of what it
-- owes are rows that sum to its gross; private.booking_gross_cents reads them, and the discount
-- code and the staff's concession come off that gross (private.owed_cents, still the one rule).

create table public.event_ticket_types (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null,
  price numeric(10, 2) not null,
  -- Seats of this type at most, within the event's own seats (null: only the event's limit).
  capacity integer,
  -- "5–12 Jahre", "mit Mitgliederausweis": shown beside the type in the booking form.
  note text not null default '',
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint event_ticket_types_name_key unique (event_id, name),
  constraint event_ticket_types_name_check check (name = btrim(name) and char_length(name) between 1 and 60),
  constraint event_ticket_types_price_check check (price >= 0 and price <= 100000),
  constraint event_ticket_types_capacity_check check (capacity between 1 and 10000),
  constraint event_ticket_types_note_check check (char_length(note) <= 200)
);
comment on table public.event_ticket_types is
  'Ticket types of an event (issue 28): name, price, optional own capacity within the event''s seats, an age or membership note. None: the event''s price for every person.';
create index event_ticket_types_event_id_idx on public.event_ticket_types (event_id, position);

alter table public.event_ticket_types enable row level security;
create policy "Ticket types of published events are public; admins see all" on public.event_ticket_types
  as permissive for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id
                   and ((e.status = 'published' and e.category <> 'fondue') or (select public.is_admin()))));
create policy "Admins manage ticket types" on public.event_ticket_types as permissive for all to authenticated
  using ((select public.is_admin() as is_admin))
  with check ((select public.is_admin() as is_admin));
revoke all on table public.event_ticket_types from anon, authenticated, service_role;
grant select on table public.event_ticket_types to anon;
grant select, insert, update, delete on table public.event_ticket_types to authenticated, service_role;

create trigger event_ticket_types_set_updated_at before update on public.event_ticket_types
  for each row execute function private.set_updated_at();

-- The hut's price is the group's (issue 27): it has no ticket types.
create function private.event_ticket_types_not_for_hut()
 returns trigger
 language plpgsql
 set search_path to ''
as $function$
begin
  if exists (select 1 from public.events e where e.id = new.event_id and e.category = 'fondue') then
    raise exception 'INVALID_INPUT' using detail = 'ticket_types';
  end if;
  return new;
end;
$function$;
revoke all on function private.event_ticket_types_not_for_hut() from public;
create trigger event_ticket_types_not_for_hut before insert or update on public.event_ticket_types
  for each row execute function private.event_ticket_types_not_for_hut();

create table public.booking_tickets (
  -- Deferred: private.book writes the tickets before the booking row, so the mails its insert
  -- queues (and an invoice's amount) already read them.
  participant_id uuid not null references public.participants (id) on delete cascade
    deferrable initially deferred,
  -- The type booked; null once the team deleted the type (the name and price stay as booked).
  ticket_type_id uuid references public.event_ticket_types (id) on delete set null,
  name text not null,
  price_cents integer not null,
  persons integer not null,
  position integer not null default 0,
  constraint booking_tickets_pkey primary key (participant_id, name),
  constraint booking_tickets_price_check check (price_cents between 0 and 10000000),
  -- 0 once a reduction took every person of this type: the row still says what was booked.
  constraint booking_tickets_persons_check check (persons between 0 and 100)
);
comment on table public.booking_tickets is
  'A booking''s tickets per type (issue 28), name and price as booked; their persons sum to the booking''s persons (checked at commit). Written only by the booking functions.';
create index booking_tickets_ticket_type_id_idx on public.booking_tickets (ticket_type_id)
  where ticket_type_id is not null;

alter table public.booking_tickets enable row level security;
create policy "Admins read booking tickets" on public.booking_tickets as permissive for select to authenticated
  using ((select public.is_admin() as is_admin));
revoke all on table public.booking_tickets from anon, authenticated, service_role;
grant select on table public.booking_tickets to authenticated, service_role;

-- A booking with tickets: its persons are the sum of its tickets, at the end of every
-- transaction (the functions change both; a write that changes one alone is refused).
create function private.booking_tickets_sum_check()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_id uuid;
begin
  -- Each branch names only its own table's columns (plpgsql resolves a record field when read).
  if tg_table_name = 'participants' then
    v_id := new.id;
  elsif tg_op = 'DELETE' then
    v_id := old.participant_id;
  else
    v_id := new.participant_id;
  end if;
  if exists (
    select 1 from public.participants p
     where p.id = v_id
       and exists (select 1 from public.booking_tickets t where t.participant_id = p.id)
       and p.persons <> (select sum(t.persons) from public.booking_tickets t where t.participant_id = p.id)
  ) then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  return null;
end;
$function$;
revoke all on function private.booking_tickets_sum_check() from public;
create constraint trigger booking_tickets_sum_check after insert or update or delete on public.booking_tickets
  deferrable initially deferred for each row execute function private.booking_tickets_sum_check();
create constraint trigger participants_tickets_sum_check after update of persons on public.participants
  deferrable initially deferred for each row execute function private.booking_tickets_sum_check();

-- The persons of a ticket type taken by bookings that hold seats.
create function private.ticket_type_taken(p_type_id uuid)
 returns integer
 language sql
 stable security definer
 set search_path to ''
as $function$
  select coalesce(sum(t.persons), 0)::integer
    from public.booking_tickets t join public.participants p on p.id = t.participant_id
   where t.ticket_type_id = p_type_id and private.holds_seats(p.status)
$function$;
revoke all on function private.ticket_type_taken(uuid) from public;

-- A booking's tickets as asked for ({"<type id>": count, ...}) checked against the event's types:
-- one line per type with a count above 0, in the types' order. An event without types takes no
-- tickets (null); an event with types takes nothing else. A type's own capacity is checked
-- unless the team overrides it (as with the event's seats); p_own_booking's tickets do not count
-- against it (a staff change of a booking's own counts).
create function private.checked_tickets(p_event public.events, p_tickets jsonb,
  p_override boolean default false, p_own_booking uuid default null)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_lines jsonb := '[]'::jsonb;
  v_type public.event_ticket_types;
  v_count integer;
  v_left integer;
begin
  if not exists (select 1 from public.event_ticket_types t where t.event_id = p_event.id) then
    if p_tickets is not null and p_tickets <> '{}'::jsonb then
      raise exception 'INVALID_INPUT' using detail = 'tickets';
    end if;
    return null;
  end if;
  if p_tickets is null or jsonb_typeof(p_tickets) <> 'object' or exists (
    select 1 from jsonb_each(p_tickets) j
     where jsonb_typeof(j.value) <> 'number' or j.value::text !~ '^[0-9]{1,3}$'
        or not exists (select 1 from public.event_ticket_types t
                        where t.event_id = p_event.id and t.id::text = j.key)
  ) then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  for v_type in
    select * from public.event_ticket_types t where t.event_id = p_event.id order by t.position, t.name
  loop
    v_count := coalesce((p_tickets ->> v_type.id::text)::integer, 0);
    if v_count = 0 then
      continue;
    end if;
    if v_type.capacity is not null and not coalesce(p_override, false) then
      v_left := v_type.capacity - private.ticket_type_taken(v_type.id) + coalesce((
        select t.persons from public.booking_tickets t
         where t.participant_id = p_own_booking and t.ticket_type_id = v_type.id), 0);
      if v_count > v_left then
        raise exception 'TICKET_TYPE_SOLD_OUT' using detail = v_type.name || ': ' || greatest(v_left, 0)::text;
      end if;
    end if;
    v_lines := v_lines || jsonb_build_object('ticket_type_id', v_type.id, 'name', v_type.name,
      'price_cents', (round(v_type.price * 100))::integer, 'persons', v_count, 'position', v_type.position);
  end loop;
  if jsonb_array_length(v_lines) = 0 then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  return v_lines;
end;
$function$;
revoke all on function private.checked_tickets(public.events, jsonb, boolean, uuid) from public;

create function private.lines_persons(p_lines jsonb)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select coalesce(sum((l ->> 'persons')::integer), 0)::integer from jsonb_array_elements(p_lines) l
$function$;
revoke all on function private.lines_persons(jsonb) from public;

create function private.lines_gross_cents(p_lines jsonb)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select coalesce(sum((l ->> 'persons')::integer * (l ->> 'price_cents')::integer), 0)::integer
    from jsonb_array_elements(p_lines) l
$function$;
revoke all on function private.lines_gross_cents(jsonb) from public;

-- Replaces a booking's tickets by checked lines (a type no longer asked for keeps its row at 0).
create function private.write_booking_tickets(p_participant_id uuid, p_lines jsonb)
 returns void
 language sql
 security definer
 set search_path to ''
as $function$
  update public.booking_tickets t set persons = 0
   where t.participant_id = p_participant_id
     and t.name not in (select l ->> 'name' from jsonb_array_elements(p_lines) l);
  insert into public.booking_tickets (participant_id, ticket_type_id, name, price_cents, persons, position)
  select p_participant_id, (l ->> 'ticket_type_id')::uuid, l ->> 'name', (l ->> 'price_cents')::integer,
         (l ->> 'persons')::integer, (l ->> 'position')::integer
    from jsonb_array_elements(p_lines) l
  on conflict (participant_id, name) do update set persons = excluded.persons;
$function$;
revoke all on function private.write_booking_tickets(uuid, jsonb) from public;

-- The price x persons of a booking before any discount: its tickets as booked, or the event's
-- price for every person.
create function private.booking_gross_cents(p_participant_id uuid)
 returns integer
 language sql
 stable security definer
 set search_path to ''
as $function$
  select coalesce(
    (select sum(t.persons * t.price_cents)::integer from public.booking_tickets t where t.participant_id = p.id),
    (round(e.price * 100))::integer * p.persons)
    from public.participants p join public.events e on e.id = p.event_id
   where p.id = p_participant_id
$function$;
revoke all on function private.booking_gross_cents(uuid) from public;
grant execute on function private.booking_gross_cents(uuid) to authenticated, service_role;

-- A booking's tickets for pages and mails: [{name, persons, price_cents}], null without types.
create function private.booking_ticket_lines(p_participant_id uuid)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select jsonb_agg(jsonb_build_object('ticket_type_id', t.ticket_type_id, 'name', t.name,
           'persons', t.persons, 'price_cents', t.price_cents) order by t.position, t.name)
    from public.booking_tickets t where t.participant_id = p_participant_id and t.persons > 0
$function$;
revoke all on function private.booking_ticket_lines(uuid) from public;
grant execute on function private.booking_ticket_lines(uuid) to authenticated, service_role;

-- The code's part and what is owed now take the gross (the numeric-price versions go at the end,
-- once nothing calls them) (types or price x persons), no longer the
-- event's price: one rule for both kinds of booking.

create function private.code_discount_cents(p_gross_cents integer, p_persons integer, p_percent integer,
  p_amount_cents integer, p_min_persons integer)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select case
    when p_min_persons is null or p_persons < p_min_persons then 0
    when p_percent is not null then round(p_gross_cents * p_percent / 100.0)::integer
    else least(coalesce(p_amount_cents, 0), p_gross_cents)
  end
$function$;
revoke all on function private.code_discount_cents(integer, integer, integer, integer, integer) from public;
grant execute on function private.code_discount_cents(integer, integer, integer, integer, integer) to authenticated, service_role;

create function private.owed_cents(p_gross_cents integer, p_persons integer, p_discount_cents integer,
  p_percent integer, p_amount_cents integer, p_min_persons integer)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select greatest(p_gross_cents
    - private.code_discount_cents(p_gross_cents, p_persons, p_percent, p_amount_cents, p_min_persons)
    - coalesce(p_discount_cents, 0), 0)
$function$;
revoke all on function private.owed_cents(integer, integer, integer, integer, integer, integer) from public;
grant execute on function private.owed_cents(integer, integer, integer, integer, integer, integer) to authenticated, service_role;

-- The booking form's choices: each type with its price, note and the seats of it left (null: only
-- the event's seats limit it).
create function public.event_ticket_choices(p_event_id uuid)
 returns table (id uuid, name text, price numeric, note text, seats_left integer)
 language sql
 stable security definer
 set search_path to ''
as $function$
  select t.id, t.name, t.price, t.note,
         case when t.capacity is not null then greatest(t.capacity - private.ticket_type_taken(t.id), 0) end
    from public.event_ticket_types t join public.events e on e.id = t.event_id
   where t.event_id = p_event_id and e.status = 'published'
   order by t.position, t.name
$function$;
revoke all on function public.event_ticket_choices(uuid) from public;
grant execute on function public.event_ticket_choices(uuid) to anon, authenticated;
comment on function public.event_ticket_choices(uuid) is
  'The ticket types of a published event for the booking form: name, price, note and the seats of the type left.';

insert into public.error_codes (code, visitor_message, admin_message) values
  ('TICKET_TYPE_SOLD_OUT', 'Von dieser Ticketart sind nicht mehr genug Plätze frei. Bitte wähle weniger oder eine andere.',
   'Von dieser Ticketart sind nicht mehr genug Plätze frei.'),
  ('TICKET_TYPES_DIFFER', null,
   'Das Ziel-Event hat nicht dieselben Ticketarten. Die Buchung lässt sich nur zwischen Events mit gleichnamigen Ticketarten verschieben.');

-- A type that bookings holding seats use stays (rename or change it instead): their reductions and
-- the door read it. Types of cancelled bookings may go; their rows keep name and price.
create function private.event_ticket_types_guard_delete()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if private.ticket_type_taken(old.id) > 0 then
    raise exception 'TICKET_TYPE_BOOKED';
  end if;
  return old;
end;
$function$;
revoke all on function private.event_ticket_types_guard_delete() from public;
create trigger event_ticket_types_guard_delete before delete on public.event_ticket_types
  for each row execute function private.event_ticket_types_guard_delete();

insert into public.error_codes (code, visitor_message, admin_message) values
  ('TICKET_TYPE_BOOKED', null,
   'Diese Ticketart ist gebucht und kann nicht gelöscht werden. Ändern Sie Name oder Preis, oder stornieren Sie zuerst die Buchungen.');
-- What a booking owes: its gross (tickets or price x persons) less code and concession.
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
                 then private.owed_cents(private.booking_gross_cents(p.id), p.persons, p.discount_cents, p.code_percent,
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

drop function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text);
drop function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text);

CREATE OR REPLACE FUNCTION private.book(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, p_request_id uuid, p_persons integer, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer, p_discount_code text DEFAULT NULL::text, p_tickets jsonb DEFAULT NULL::jsonb)
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
  v_lines jsonb;
  v_gross integer;
  v_id uuid := gen_random_uuid();
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
  -- Ticket types (issue 28): the counts per type, each within its own capacity; they sum to
  -- the persons. Without types every person pays the event's price.
  v_lines := private.checked_tickets(v_event, p_tickets);
  if v_lines is not null and private.lines_persons(v_lines) <> p_persons then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  v_gross := case when v_lines is null then (round(v_event.price * 100))::integer * p_persons
                  else private.lines_gross_cents(v_lines) end;
  -- The constraint events_payment_methods_free_check already keeps 'free' off priced events;
  -- checked here too so a priced event (or priced tickets) can never be booked as free.
  if not (v_input.payment_method = any (v_event.payment_methods))
     or (v_input.payment_method = 'free' and (v_event.price <> 0 or v_gross <> 0)) then
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
  v_owed := private.owed_cents(v_gross, p_persons, 0, v_code.percent, v_code.amount_cents,
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

  -- The tickets first (their key on the booking is deferred), so that the mails and the invoice
  -- the booking's insert queues read them.
  if v_lines is not null then
    perform private.write_booking_tickets(v_id, v_lines);
  end if;
  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token; for a booking held for confirmation the trigger
  -- mints the confirm link's token); the payment hold from its trigger.
  insert into public.participants (
    id, event_id, name, email, phone, status, payment_method, notes, request_id,
    confirmation_token_hash, persons, answers, hold_expires_at,
    discount_code_id, code_percent, code_amount_cents, code_min_persons
  )
  values (
    v_id, v_event.id, v_input.name, v_input.email, v_input.phone,
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

CREATE OR REPLACE FUNCTION public.register_for_event(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text DEFAULT ''::text, p_request_id uuid DEFAULT NULL::uuid, p_persons integer DEFAULT 1, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer, p_discount_code text DEFAULT NULL::text, p_tickets jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.book(
    p_event_id, p_name, p_email, p_phone, p_payment_method, p_notes, p_request_id, p_persons,
    p_answers, p_address_key, p_persons_per_address, p_discount_code, p_tickets
  )
$function$;
revoke all on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text, jsonb) from public, anon, authenticated;
revoke all on function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text, jsonb) from public;

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
      'cents', private.code_discount_cents(private.booking_gross_cents(v_participant.id), v_participant.persons,
        v_participant.code_percent, v_participant.code_amount_cents, v_participant.code_min_persons)
    ) end,
    -- The tickets per type as booked (issue 28); null without types.
    'tickets', private.booking_ticket_lines(v_participant.id),
    -- What the booking would cost for 1 .. persons (the reduce form's choices), by the same rule;
    -- a booking with ticket types is reduced per type, so it has none.
    'total_cents_by_persons', case when private.booking_ticket_lines(v_participant.id) is null then (
      select jsonb_agg(private.owed_cents((round(v_event.price * 100))::integer * n, n,
        v_participant.discount_cents, v_participant.code_percent, v_participant.code_amount_cents,
        v_participant.code_min_persons) order by n)
      from generate_series(1, v_participant.persons) n
    ) end
  );
end;
$function$;

drop function public.check_discount_code(uuid, text, integer);

CREATE OR REPLACE FUNCTION public.check_discount_code(p_event_id uuid, p_code text, p_persons integer, p_tickets jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_event public.events;
  v_code public.discount_codes;
  v_lines jsonb;
  v_gross integer;
begin
  select * into v_event from public.events e where e.id = p_event_id and e.status = 'published';
  if v_event.id is null then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if p_persons is null or p_persons < 1 or p_persons > 100 or char_length(coalesce(p_code, '')) > 60 then
    raise exception 'INVALID_INPUT';
  end if;
  -- With ticket types the code comes off the tickets' sum (their capacity is the booking's check).
  v_lines := private.checked_tickets(v_event, p_tickets, true);
  if v_lines is not null and private.lines_persons(v_lines) <> p_persons then
    raise exception 'INVALID_INPUT';
  end if;
  v_gross := case when v_lines is null then (round(v_event.price * 100))::integer * p_persons
                  else private.lines_gross_cents(v_lines) end;
  v_code := private.checked_discount_code(v_event, coalesce(p_code, ''), p_persons, false);
  return jsonb_build_object(
    'code', v_code.code,
    'percent', v_code.percent,
    'amount_cents', v_code.amount_cents,
    'min_persons', v_code.min_persons,
    'discount_cents', private.code_discount_cents(v_gross, p_persons, v_code.percent,
      v_code.amount_cents, v_code.min_persons),
    'total_cents', private.owed_cents(v_gross, p_persons, 0, v_code.percent,
      v_code.amount_cents, v_code.min_persons)
  );
end;
$function$;
revoke all on function public.check_discount_code(uuid, text, integer, jsonb) from public;
grant execute on function public.check_discount_code(uuid, text, integer, jsonb) to anon, authenticated;
comment on function public.check_discount_code(uuid, text, integer, jsonb) is
  'The booking form''s check of a discount code for an event, a number of persons and (with ticket types) the tickets: what it takes off, or a DISCOUNT_CODE_* refusal.';

CREATE OR REPLACE FUNCTION private.booking_mail_payload(p_participant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'participant', jsonb_build_object(
      'id', p.id,
      'reference', p.reference,
      'name', p.name,
      'email', p.email,
      'phone', p.phone,
      'paymentMethod', p.payment_method,
      'paymentStatus', private.payment_word(p.id),
      'status', p.status,
      'paidMethod', m.paid_method,
      'notes', p.notes,
      'persons', p.persons,
      'answers', p.answers,
      -- The tickets per type (issue 28): [{name, persons, price_cents}], null without types.
      'tickets', private.booking_ticket_lines(p.id),
      -- The discount code booked with (issue 28): the mails' total is the booking's own.
      'discount', case when p.discount_code_id is not null then jsonb_build_object(
        'code', (select c.code from public.discount_codes c where c.id = p.discount_code_id),
        'cents', private.code_discount_cents(private.booking_gross_cents(p.id), p.persons, p.code_percent, p.code_amount_cents,
                                             p.code_min_persons),
        'totalCents', private.owed_cents(private.booking_gross_cents(p.id), p.persons, 0, p.code_percent, p.code_amount_cents,
                                         p.code_min_persons)
      ) end
    ),
    'event', jsonb_build_object(
      'title', e.title,
      'description', e.description,
      'startDate', e.start_date,
      'endDate', e.end_date,
      'startTime', to_char(e.start_time, 'HH24:MI'),
      'endTime', to_char(e.end_time, 'HH24:MI'),
      'location', e.location,
      'price', e.price,
      'bringAlong', e.bring_along
    ),
    'money', jsonb_build_object(
      'owedCents', m.owed_cents,
      'paidCents', m.paid_cents,
      'refundedCents', m.refunded_cents,
      'openCents', m.open_cents,
      'excessCents', m.excess_cents,
      'paidMethod', m.paid_method
    )
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  cross join lateral private.booking_money(p.id) m
  where p.id = p_participant_id
$function$;

CREATE OR REPLACE FUNCTION public.admin_dashboard_stats()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_today date := private.today_in_zurich();
  v_stats jsonb;
begin
  perform private.require_admin();
  select jsonb_build_object(
    'total_events', (select count(*) from public.events),
    'upcoming_events', (select count(*) from public.events e where e.start_date >= v_today),
    'unique_participants',
      (select count(distinct lower(btrim(p.email))) from public.participants p),
    -- The spec's "Umsatz": the booked value ("gebucht") of the bookings that hold seats, each
    -- by its tickets or price x persons (issue 28).
    'revenue', (
      select (coalesce(sum(private.booking_gross_cents(p.id)), 0) / 100.0)::numeric(12, 2)
        from public.participants p where private.holds_seats(p.status)),
    'booked_cents', (
      select coalesce(sum(private.booking_gross_cents(p.id)), 0)::bigint
        from public.participants p where private.holds_seats(p.status)),
    -- What discount codes take off the bookings that hold seats (issue 28): booked value less
    -- this is what those bookings owe before any staff concession.
    'discount_cents', (
      select coalesce(sum(private.code_discount_cents(private.booking_gross_cents(p.id), p.persons,
               p.code_percent, p.code_amount_cents, p.code_min_persons)), 0)::bigint
        from public.participants p
       where p.discount_code_id is not null and private.holds_seats(p.status)
    ),
    -- What came in ("erhalten"): succeeded payments minus refunds not failed.
    'received_cents', (
      (select coalesce(sum(y.amount_cents), 0)::bigint from public.payments y where y.state = 'succeeded')
      - (select coalesce(sum(r.amount_cents), 0)::bigint
           from public.refund_requests r
           left join public.payments y on y.id = r.payment_id
          where r.kind <> 'expire_checkout' and r.state <> 'failed' and r.participant_id is not null
            and (y.id is null or y.state = 'succeeded'))
    ),
    -- Still to come in ("offen"): what bookings holding seats owe beyond their balance.
    'open_cents', (
      select coalesce(sum((private.booking_money(p.id)).open_cents), 0)::bigint
        from public.participants p where private.holds_seats(p.status)
    ),
    'needs_review', (select count(distinct y.participant_id) from public.payments y where y.state = 'mismatch'),
    'occupancy_percent', (
      select coalesce(round(100.0 * sum(e.current_participants) / nullif(sum(e.max_participants), 0)), 0)::integer
      from public.events e
      where extract(year from e.start_date) = extract(year from v_today)
        and not e.is_cancelled
        and e.status <> 'archived'
    )
  )
  into v_stats;
  return v_stats;
end;
$function$;
-- A reduction of a booking with ticket types: p_tickets holds the new count per booked type
-- ({"<type id>": n}; a type left out keeps its count), each at most as booked, summing to
-- p_persons. A booking without types takes no tickets.
create function private.reduce_booking_tickets(p_participant_id uuid, p_tickets jsonb, p_persons integer)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if not exists (select 1 from public.booking_tickets t where t.participant_id = p_participant_id) then
    if p_tickets is not null and p_tickets <> '{}'::jsonb then
      raise exception 'INVALID_INPUT' using detail = 'tickets';
    end if;
    return;
  end if;
  if p_tickets is null or jsonb_typeof(p_tickets) <> 'object' or exists (
    select 1 from jsonb_each(p_tickets) j
     where jsonb_typeof(j.value) <> 'number' or j.value::text !~ '^[0-9]{1,3}$'
        or not exists (select 1 from public.booking_tickets t
                        where t.participant_id = p_participant_id and t.ticket_type_id::text = j.key
                          and j.value::text::integer <= t.persons)
  ) then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  update public.booking_tickets t set persons = (p_tickets ->> t.ticket_type_id::text)::integer
   where t.participant_id = p_participant_id and p_tickets ? t.ticket_type_id::text;
  if (select sum(t.persons) from public.booking_tickets t where t.participant_id = p_participant_id) <> p_persons then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
end;
$function$;
revoke all on function private.reduce_booking_tickets(uuid, jsonb, integer) from public;

drop function public.change_booking(text, text, integer);

CREATE OR REPLACE FUNCTION public.change_booking(p_reference text, p_token text, p_persons integer, p_tickets jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_check record;
  v_participant public.participants%rowtype;
  v_event public.events%rowtype;
  v_deadline timestamptz;
  v_late boolean;
  v_fee integer := 0;
  v_kind text;
  v_payload jsonb;
begin
  select * into v_check from private.manage_token_check(p_reference, p_token);
  if not found then
    raise exception 'TOKEN_INVALID';
  end if;
  if v_check.expired then
    raise exception 'TOKEN_EXPIRED';
  end if;
  v_participant := private.lock_booking(v_check.participant_id);
  select * into v_event from public.events e where e.id = v_participant.event_id;

  if not private.holds_seats(v_participant.status) then
    raise exception 'BOOKING_CANCELLED';
  end if;
  if v_event.is_cancelled then
    raise exception 'EVENT_CANCELLED';
  end if;
  v_deadline := private.cancellation_deadline(v_event);
  v_late := v_deadline is not null and private.now() >= v_deadline;
  -- After the deadline only an event that keeps a share (the hut) may still be cancelled, and
  -- only before it starts.
  if v_late and (v_event.late_cancellation_charge_percent is null or p_persons is distinct from 0
                 or private.now() >= (private.event_schedule(v_event)).starts_at) then
    raise exception 'DEADLINE_PASSED' using detail = v_deadline::text;
  end if;
  if p_persons is null or p_persons < 0 or p_persons >= v_participant.persons then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  -- The hut's price is the group's: the group cancels or stays, it does not shrink.
  if v_event.category = 'fondue' and p_persons <> 0 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;

  if p_persons = 0 then
    v_kind := 'cancelled';
    if v_late then
      v_fee := (private.cancellation_terms(v_participant.id) ->> 'keep_cents')::integer;
    end if;
    update public.participants p set status = 'cancelled', cancellation_fee_cents = v_fee
     where p.id = v_participant.id;
  else
    v_kind := 'reduced';
    -- With ticket types (issue 28) the visitor says which: the new count of each booked type,
    -- never more than booked; they sum to the persons.
    perform private.reduce_booking_tickets(v_participant.id, p_tickets, p_persons);
    update public.participants p set persons = p_persons where p.id = v_participant.id;
  end if;
  -- The count trigger has given the seats back (and the waiting list's trigger offered them);
  -- the booking change's trigger queues the refund of what is paid beyond the fee.
  insert into public.booking_changes (participant_id, kind, persons_before, persons_after)
  values (v_participant.id, v_kind, v_participant.persons, p_persons);
  perform private.write_history(
    v_participant.id, v_participant,
    case when v_kind = 'cancelled' then 'cancelled_by_visitor' else 'reduced_by_visitor' end,
    'visitor', case when v_fee > 0 then v_fee end,
    case when v_fee > 0 then format('Späte Stornierung: %s Rappen bleiben geschuldet', v_fee) else '' end
  );

  v_payload := private.booking_mail_payload(v_participant.id) || jsonb_build_object(
    'change', jsonb_build_object('kind', v_kind, 'personsBefore', v_participant.persons,
      'personsAfter', p_persons, 'keptCents', v_fee)
  );
  perform private.enqueue_mail('booking_change', v_participant.email, v_payload, v_participant.id);
  perform private.enqueue_mail('booking_change_notice', null, v_payload, v_participant.id);
  return jsonb_build_object('kind', v_kind, 'persons', p_persons, 'kept_cents', v_fee);
end;
$function$;
revoke all on function public.change_booking(text, text, integer, jsonb) from public;
grant execute on function public.change_booking(text, text, integer, jsonb) to anon, authenticated;

drop function public.admin_change_persons(uuid, integer, boolean);

CREATE OR REPLACE FUNCTION public.admin_change_persons(p_participant_id uuid, p_persons integer, p_override boolean DEFAULT false, p_tickets jsonb DEFAULT NULL::jsonb)
 RETURNS public.participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_before public.participants%rowtype;
  v_participant public.participants%rowtype;
  v_override boolean := false;
  v_money record;
  v_event public.events;
  v_lines jsonb;
begin
  perform private.require_admin();
  if p_persons is null or p_persons < 1 or p_persons > 50 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  v_before := private.lock_booking(p_participant_id);
  if not private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  -- With ticket types (issue 28) the team sets the count per type: each within its capacity
  -- (unless overridden; this booking's own tickets count as free), summing to the persons.
  select * into v_event from public.events e where e.id = v_before.event_id;
  if exists (select 1 from public.booking_tickets t where t.participant_id = p_participant_id)
     or p_tickets is not null then
    v_lines := private.checked_tickets(v_event, p_tickets, p_override, p_participant_id);
    if v_lines is null or private.lines_persons(v_lines) <> p_persons then
      raise exception 'INVALID_INPUT' using detail = 'tickets';
    end if;
    if not exists (
      select 1 from jsonb_array_elements(v_lines) l
       where (l ->> 'persons')::integer is distinct from (select t.persons from public.booking_tickets t
               where t.participant_id = p_participant_id and t.name = l ->> 'name')
    ) and p_persons = v_before.persons then
      raise exception 'NOTHING_CHANGED';
    end if;
  elsif p_persons = v_before.persons then
    raise exception 'NOTHING_CHANGED';
  end if;
  if p_persons > v_before.persons then
    v_override := private.take_seats(v_before.event_id, p_persons - v_before.persons, p_override);
  end if;
  if v_lines is not null then
    perform private.write_booking_tickets(p_participant_id, v_lines);
  end if;
  update public.participants p set persons = p_persons where p.id = p_participant_id;
  -- The open session was for the old amount.
  perform private.drop_checkout_session(p_participant_id);
  select * into v_participant from public.participants p where p.id = p_participant_id;
  select * into v_money from private.booking_money(p_participant_id);
  perform private.write_history(p_participant_id, v_before, 'persons_changed', 'admin',
    v_money.owed_cents, case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);
  perform private.enqueue_mail(
    'booking_updated',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(p_participant_id),
      'personsBefore', v_before.persons,
      'personsAfter', p_persons,
      'money', jsonb_build_object('openCents', v_money.open_cents, 'excessCents', v_money.excess_cents)
    ),
    p_participant_id
  );
  return v_participant;
end;
$function$;
revoke all on function public.admin_change_persons(uuid, integer, boolean, jsonb) from public, anon;
grant execute on function public.admin_change_persons(uuid, integer, boolean, jsonb) to authenticated;

-- A booking with ticket types moves to an event with the same types by name: each row takes the
-- target's type and price (a move reprices, as price x persons does), within the target type's
-- capacity unless overridden. A booking without types moves only to an event without types.
create function private.move_booking_tickets(p_participant_id uuid, p_target public.events, p_override boolean)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_typed boolean := exists (select 1 from public.booking_tickets t
                              where t.participant_id = p_participant_id and t.persons > 0);
  v_row record;
begin
  if not v_typed then
    if exists (select 1 from public.event_ticket_types y where y.event_id = p_target.id) then
      raise exception 'TICKET_TYPES_DIFFER';
    end if;
    return;
  end if;
  for v_row in
    select t.name, t.persons, y.id as type_id, y.price, y.capacity
      from public.booking_tickets t
      left join public.event_ticket_types y on y.event_id = p_target.id and y.name = t.name
     where t.participant_id = p_participant_id and t.persons > 0
  loop
    if v_row.type_id is null then
      raise exception 'TICKET_TYPES_DIFFER';
    end if;
    if v_row.capacity is not null and not coalesce(p_override, false)
       and v_row.persons > v_row.capacity - private.ticket_type_taken(v_row.type_id) then
      raise exception 'TICKET_TYPE_SOLD_OUT'
        using detail = v_row.name || ': ' || greatest(v_row.capacity - private.ticket_type_taken(v_row.type_id), 0)::text;
    end if;
    update public.booking_tickets t
       set ticket_type_id = v_row.type_id, price_cents = (round(v_row.price * 100))::integer
     where t.participant_id = p_participant_id and t.name = v_row.name;
  end loop;
  -- Types booked at 0 (reduced away) follow by name where they can, else drop.
  delete from public.booking_tickets t
   where t.participant_id = p_participant_id and t.persons = 0
     and not exists (select 1 from public.event_ticket_types y where y.event_id = p_target.id and y.name = t.name);
  update public.booking_tickets t set ticket_type_id = y.id
    from public.event_ticket_types y
   where t.participant_id = p_participant_id and t.persons = 0 and y.event_id = p_target.id and y.name = t.name;
end;
$function$;
revoke all on function private.move_booking_tickets(uuid, public.events, boolean) from public;

CREATE OR REPLACE FUNCTION private.move_booking(p_participant_id uuid, p_event_id uuid, p_override boolean)
 RETURNS public.participants
 LANGUAGE plpgsql
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
    -- One attempt is a subtransaction, as in private.lock_booking: a retry must not keep the
    -- previous attempt's event locks (they would be held out of id order).
    begin
      perform 1 from public.events e where e.id in (v_source, p_event_id) order by e.id for no key update;
      select * into v_before from public.participants p where p.id = p_participant_id for update;
      exit when v_before.event_id = v_source;
      raise exception using errcode = 'SWR01'; -- retry: moved to another event
    exception when sqlstate 'SWR01' then
      null;
    end;
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
  perform private.move_booking_tickets(p_participant_id, v_target, p_override);
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
-- The admin's bookings name their tickets per type (new column last) and take the code's part
-- off the booking's gross.
create or replace view public.admin_bookings as
 SELECT p.id,
    p.event_id,
    p.reference,
    p.status,
    p.name,
    p.email,
    p.phone,
    p.persons,
    p.payment_method,
    p.notes,
    p.answers,
    p.registration_date,
    p.created_at,
    p.updated_at,
    p.hold_expires_at,
    p.hold_released_at,
    p.checkout_session_id,
    p.checkout_url,
    p.invoice_reference,
    p.invoice_due_date,
    p.checked_in_at,
    p.confirmation_sent_at,
    p.discount_cents,
    m.owed_cents,
    m.paid_cents,
    m.refunded_cents,
    m.balance_cents,
    m.open_cents,
    m.excess_cents,
    m.needs_review,
    m.paid_method,
    (EXISTS ( SELECT 1
           FROM public.refund_requests r
          WHERE ((r.participant_id = p.id) AND (r.kind = 'manual_refund'::text) AND (r.state = 'queued'::text)))) AS refund_open,
    h.action AS last_action,
    h.created_at AS last_action_at,
    p.anonymised_at,
    ( SELECT c.code
           FROM public.discount_codes c
          WHERE (c.id = p.discount_code_id)) AS discount_code,
    private.code_discount_cents(private.booking_gross_cents(p.id), p.persons, p.code_percent, p.code_amount_cents, p.code_min_persons) AS code_discount_cents,
    private.booking_ticket_lines(p.id) AS tickets
   FROM ((public.participants p
     CROSS JOIN LATERAL private.booking_money(p.id) m(owed_cents, paid_cents, refunded_cents, balance_cents, open_cents, excess_cents, needs_review, paid_method))
     LEFT JOIN LATERAL ( SELECT h_1.action,
            h_1.created_at
           FROM public.booking_history h_1
          WHERE (h_1.participant_id = p.id)
          ORDER BY h_1.created_at DESC, h_1.id DESC
         LIMIT 1) h ON (true))
  WHERE ( SELECT public.is_admin() AS is_admin);

drop function private.owed_cents(numeric, integer, integer, integer, integer, integer);
drop function private.code_discount_cents(numeric, integer, integer, integer, integer);

-- The personal-data lint reads "name" and "note" as personal: these tables hold none.
CREATE OR REPLACE FUNCTION public.unlisted_personal_columns()
 RETURNS TABLE(table_name text, column_name text, data_type text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select n.nspname || '.' || c.relname, a.attname::text, format_type(a.atttypid, a.atttypmod)
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('public', 'private')
    and c.relkind in ('r', 'p')
    and a.attnum > 0 and not a.attisdropped
    -- Tables of the site's own words: a ticket type's name and note, and a booking's tickets
    -- (type name, count, price), name no person.
    and c.relname not in ('personal_data_map', 'retention_rules', 'error_codes', 'event_ticket_types',
                          'booking_tickets')
    and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    and (
      a.atttypid = 'inet'::regtype
      or (
        a.atttypid in ('text'::regtype, 'character varying'::regtype, 'jsonb'::regtype, 'json'::regtype,
                       'text[]'::regtype)
        and a.attname ~ ('(^|_)(name|names|first_name|last_name|full_name|email|emails|e_mail|phone|mobile|'
                         || 'telephone|tel|address|street|city|postal_code|zip|iban|note|notes|message|messages|'
                         || 'body|subject|answer|answers|ip|recipient|payload|reason|comment|comments|birthday|'
                         || 'birth_date|payer|debtor|buyer|html|text_body|rendered)(_|$)')
        and a.attname !~ '_(id|hash)$'
      )
    )
    and not exists (
      select 1 from public.personal_data_map m
      where m.table_name = n.nspname || '.' || c.relname and m.column_name = a.attname
    )
  order by 1, 2
$function$;
