-- The waiting list (issue 14, "A waiting list").
--
-- A visitor joins the list of a full event (join_waitlist, called by the join-waitlist edge
-- function after its challenge and per-address limit). When seats free up - whoever frees them:
-- a cancellation, a removal, an expired payment hold, a capacity increase, an offer that ran out
-- or was left - private.offer_waitlist_seats(event) offers them to the first waiting entries
-- that fit, each with a claim link valid private.waitlist_offer_validity(). An open offer HOLDS
-- its seats: events.offered_persons (kept by trigger) counts in availability(events), so the
-- public booking form cannot take the seats an offer promised. Claiming books through
-- register_for_event (the one booking path; see note in claim_waitlist_offer). Every entry can
-- leave through its own link. Admins see the list per event, remove entries, offer by hand.
--
-- Concurrency: everything that changes seats or offers of an event holds the event row lock
-- (participants' trigger updates the event row; the functions here lock it first), so two
-- cancellations at once run the offer step one after the other, and the second sees the
-- first's offers.

-- ---------------------------------------------------------------------------------------------
-- The constant
-- ---------------------------------------------------------------------------------------------

-- How long an offer's claim link is valid. Change it here (a new migration), nowhere else.
create or replace function private.waitlist_offer_validity()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '24 hours' $$;

revoke all on function private.waitlist_offer_validity() from public;

-- ---------------------------------------------------------------------------------------------
-- Table
-- ---------------------------------------------------------------------------------------------

create table public.waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  -- The order of the list: first come, first offered.
  queue_no bigint generated always as identity,
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null,
  email text not null,
  phone text not null,
  persons integer not null,
  -- waiting: in the list; offered: an open offer holds seats; claimed: booked through the offer;
  -- left: the visitor left; removed: an admin removed it; expired: the offer ran out.
  status text not null default 'waiting',
  -- sha256 of the leave link's token (valid while the entry is in the list).
  leave_token_hash text not null,
  -- sha256 of the latest offer's claim token; kept after the offer ends, so its link can say
  -- what became of it (claimed, expired) instead of "invalid".
  offer_token_hash text,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  -- The registration a claim made.
  participant_id uuid references public.participants (id) on delete set null,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint waitlist_entries_name_check check (btrim(name) <> '' and char_length(name) <= 200),
  constraint waitlist_entries_email_check
    check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint waitlist_entries_phone_check
    check (phone ~ '^[0-9+ ()./-]{3,40}$' and phone ~ '[0-9].*[0-9].*[0-9]'),
  constraint waitlist_entries_persons_check check (persons between 1 and 50),
  constraint waitlist_entries_status_check
    check (status in ('waiting', 'offered', 'claimed', 'left', 'removed', 'expired')),
  constraint waitlist_entries_leave_token_hash_check check (leave_token_hash ~ '^[0-9a-f]{64}$'),
  constraint waitlist_entries_offer_token_hash_check check (offer_token_hash ~ '^[0-9a-f]{64}$'),
  -- An open offer has its token and its time limit; a waiting entry never had an offer.
  constraint waitlist_entries_offer_check check (
    (status <> 'offered' or (offer_token_hash is not null and offered_at is not null and offer_expires_at > offered_at))
    and (status <> 'waiting' or offer_token_hash is null)
  ),
  -- In the list (waiting, offered) exactly while not ended.
  constraint waitlist_entries_ended_check check ((status in ('waiting', 'offered')) = (ended_at is null)),
  constraint waitlist_entries_leave_token_hash_key unique (leave_token_hash),
  constraint waitlist_entries_offer_token_hash_key unique (offer_token_hash)
);

comment on table public.waitlist_entries is
  'Waiting list per event. Written only by the waiting-list functions; admins read it. See docs/data-model.md.';

-- One entry in the list per e-mail address (any case) and event.
create unique index waitlist_entries_event_email_key
  on public.waitlist_entries (event_id, lower(email))
  where status in ('waiting', 'offered');
-- The list of an event in its order, and the open offers the expiry job looks for.
create index waitlist_entries_event_queue_idx on public.waitlist_entries (event_id, queue_no);
create index waitlist_entries_offer_expires_idx on public.waitlist_entries (offer_expires_at)
  where status = 'offered';
create index waitlist_entries_participant_id_idx on public.waitlist_entries (participant_id);

create trigger waitlist_entries_set_updated_at before update on public.waitlist_entries
  for each row execute function private.set_updated_at();

alter table public.waitlist_entries enable row level security;
revoke all on public.waitlist_entries from anon, authenticated;
grant select on public.waitlist_entries to authenticated;
grant select, insert, update, delete on public.waitlist_entries to service_role;

create policy "Admins read the waiting list"
  on public.waitlist_entries for select
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Seats held by open offers count in availability
-- ---------------------------------------------------------------------------------------------

alter table public.events
  add column offered_persons integer not null default 0,
  add constraint events_offered_persons_check check (offered_persons >= 0);

comment on column public.events.offered_persons is
  'Persons of the open waiting-list offers (their seats are held); kept by the database.';

create or replace function private.offered_persons(p_event_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(w.persons), 0)::integer
  from public.waitlist_entries w
  where w.event_id = p_event_id and w.status = 'offered'
$$;

revoke all on function private.offered_persons(uuid) from public;

-- Like current_participants: recounted on every write of the event row; a client's value is
-- overwritten.
create or replace function private.events_count_offered()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.offered_persons := private.offered_persons(new.id);
  return new;
end;
$$;

revoke all on function private.events_count_offered() from public;

create trigger events_count_offered before insert or update on public.events
  for each row execute function private.events_count_offered();

-- The one availability rule, now counting the seats open offers hold (an offered seat is not
-- free for the public form; the claim releases its own offer before booking).
create or replace function public.availability(e public.events)
returns public.event_availability
language sql
stable
set search_path = ''
as $$
  select row(
    greatest(e.max_participants - e.current_participants - e.offered_persons, 0),
    e.current_participants + e.offered_persons >= e.max_participants,
    r.reason is null,
    r.reason,
    least(
      greatest(e.max_participants - e.current_participants - e.offered_persons, 0),
      e.max_persons_per_booking
    )
  )::public.event_availability
  from (
    select case
      when e.status <> 'published' then e.status
      when e.is_cancelled then 'cancelled'
      when e.start_date < (now() at time zone 'Europe/Zurich')::date then 'past'
      when e.is_sold_out then 'closed'
      when e.current_participants + e.offered_persons >= e.max_participants then 'full'
    end as reason
  ) r
$$;

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- The place in the list (1 = next), counting entries still in it.
create or replace function private.waitlist_position(p_entry_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
  from public.waitlist_entries w
  join public.waitlist_entries me on me.id = p_entry_id
  where w.event_id = me.event_id
    and w.status in ('waiting', 'offered')
    and w.queue_no <= me.queue_no
    and me.status in ('waiting', 'offered')
$$;

revoke all on function private.waitlist_position(uuid) from public;

create or replace function private.token_hash(p_token text)
returns text
language sql
immutable
set search_path = ''
as $$ select encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex') $$;

revoke all on function private.token_hash(text) from public;

-- What a waiting-list mail is about (templates: WaitlistMail in _shared/templates.ts).
create or replace function private.waitlist_mail_payload(p_entry_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'entry', jsonb_build_object(
      'id', w.id, 'name', w.name, 'email', w.email, 'persons', w.persons,
      'position', private.waitlist_position(w.id),
      'offerExpiresAt', w.offer_expires_at,
      'offerHours', (extract(epoch from private.waitlist_offer_validity()) / 3600)::integer
    ),
    'event', jsonb_build_object(
      'title', e.title, 'slug', e.slug, 'startDate', e.start_date, 'endDate', e.end_date,
      'time', e.time, 'location', e.location, 'price', e.price
    )
  )
  from public.waitlist_entries w
  join public.events e on e.id = w.event_id
  where w.id = p_entry_id
$$;

revoke all on function private.waitlist_mail_payload(uuid) from public;

-- Mail kinds of the waiting list, added to whatever the constraint allows. Since 20261124001510
-- the constraint reads `kind = ANY ('{a,b,...}'::text[])` (one quoted array literal); before, it
-- read `ANY (ARRAY['a'::text, ...])`: both forms are read here.
do $$
declare
  v_def text;
  v_kinds text[];
begin
  select pg_get_constraintdef(c.oid) into v_def
    from pg_constraint c
   where c.conrelid = 'public.mail_outbox'::regclass and c.conname = 'mail_outbox_kind_check';
  if v_def ~ '''\{' then
    v_kinds := string_to_array(substring(v_def from '''\{([^}]*)\}'''), ',');
  else
    select array_agg(m[1]) into v_kinds from regexp_matches(v_def, '''([a-z_]+)''', 'g') as m;
  end if;
  if coalesce(cardinality(v_kinds), 0) < 4 then
    raise exception 'mail_outbox_kind_check not understood: %', v_def;
  end if;
  v_kinds := array(
    select distinct k from unnest(coalesce(v_kinds, '{}') || array['waitlist_joined', 'waitlist_offer']) as k
    order by k
  );
  alter table public.mail_outbox drop constraint if exists mail_outbox_kind_check;
  execute format(
    'alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind = any (%L::text[]))',
    v_kinds
  );
end;
$$;

-- Makes one offer: a fresh claim token (only its hash is stored; the plain token travels in the
-- mail's payload, which only admins and the worker read), the time limit, the mail. The caller
-- holds the event row lock and has checked the seats; it touches the event row afterwards.
create or replace function private.make_waitlist_offer(p_entry_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_token record;
  v_entry public.waitlist_entries%rowtype;
begin
  select * into v_token from private.new_confirmation_token();
  update public.waitlist_entries w
  set status = 'offered',
      offer_token_hash = v_token.token_hash,
      offered_at = now(),
      offer_expires_at = now() + private.waitlist_offer_validity(),
      ended_at = null
  where w.id = p_entry_id
  returning * into v_entry;
  perform private.enqueue_mail(
    'waitlist_offer',
    v_entry.email,
    private.waitlist_mail_payload(v_entry.id) || jsonb_build_object('claimToken', v_token.token)
  );
end;
$$;

revoke all on function private.make_waitlist_offer(uuid) from public;

-- The free seats of an event for the waiting list: capacity minus booked minus offered, counted
-- afresh (the caller holds the event row lock); none when the event does not take bookings.
create or replace function private.waitlist_free_seats(p_event_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when e.status <> 'published' or e.is_cancelled or e.is_sold_out
      or e.start_date < private.today_in_zurich() then 0
    else greatest(
      e.max_participants - private.booked_persons(e.id) - private.offered_persons(e.id), 0
    )
  end
  from public.events e
  where e.id = p_event_id
$$;

revoke all on function private.waitlist_free_seats(uuid) from public;

-- Offers the free seats of an event to the first waiting entries that fit (an entry asking for
-- more persons than are free is passed over, not blocking the ones behind it). Returns how many
-- offers went out. Locks the event row first, so concurrent callers queue here and each sees
-- the previous one's offers.
create or replace function private.offer_waitlist_seats(p_event_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_free integer;
  v_entry record;
  v_count integer := 0;
begin
  perform 1 from public.events e where e.id = p_event_id for no key update;
  if not found then
    return 0;
  end if;
  v_free := coalesce(private.waitlist_free_seats(p_event_id), 0);
  for v_entry in
    select w.id, w.persons
    from public.waitlist_entries w
    where w.event_id = p_event_id and w.status = 'waiting'
    order by w.queue_no
    for update
  loop
    exit when v_free <= 0;
    continue when v_entry.persons > v_free;
    perform private.make_waitlist_offer(v_entry.id);
    v_free := v_free - v_entry.persons;
    v_count := v_count + 1;
  end loop;
  if v_count > 0 then
    -- Recount offered_persons (events_count_offered).
    update public.events e set offered_persons = e.offered_persons where e.id = p_event_id;
  end if;
  return v_count;
end;
$$;

revoke all on function private.offer_waitlist_seats(uuid) from public;

-- Seats freed on the event row: fewer persons booked (a cancellation, a removal, a released
-- payment hold, fewer persons - participants' trigger recounts the event row), more capacity,
-- or the event taking bookings again. The inner update of offered_persons changes none of these,
-- so the trigger does not fire again for it.
create or replace function private.events_offer_freed_seats()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.offer_waitlist_seats(new.id);
  return null;
end;
$$;

revoke all on function private.events_offer_freed_seats() from public;

create trigger events_offer_freed_seats
  after update on public.events
  for each row
  when (
    new.current_participants < old.current_participants
    or new.max_participants > old.max_participants
    or (old.is_sold_out and not new.is_sold_out)
    or (old.is_cancelled and not new.is_cancelled)
    or (old.status <> 'published' and new.status = 'published')
    or new.start_date is distinct from old.start_date
  )
  execute function private.events_offer_freed_seats();

-- Ends an entry (left, removed, expired, claimed). When it held an offer, its seats go back:
-- the event row is recounted and the next entries get offers. The caller holds the event lock.
create or replace function private.end_waitlist_entry(p_entry_id uuid, p_status text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_entry public.waitlist_entries%rowtype;
  v_was_offered boolean;
begin
  select * into v_entry from public.waitlist_entries w where w.id = p_entry_id for update;
  v_was_offered := v_entry.status = 'offered';
  update public.waitlist_entries w
  set status = p_status, ended_at = now()
  where w.id = p_entry_id;
  if v_was_offered then
    update public.events e set offered_persons = e.offered_persons where e.id = v_entry.event_id;
    if p_status <> 'claimed' then
      perform private.offer_waitlist_seats(v_entry.event_id);
    end if;
  end if;
end;
$$;

revoke all on function private.end_waitlist_entry(uuid, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Visitor: join (service role: the join-waitlist edge function checks challenge and limit)
-- ---------------------------------------------------------------------------------------------

-- Errors (P0001): INVALID_INPUT (DETAIL field), EVENT_NOT_FOUND (unknown, draft, archived),
-- EVENT_CANCELLED, EVENT_NOT_BOOKABLE (past, or closed by the admin), SEATS_AVAILABLE (enough
-- seats are free: book instead; DETAIL seats left), TOO_MANY_PERSONS (DETAIL limit),
-- ALREADY_REGISTERED (this address holds a booking), ALREADY_ON_WAITLIST.
-- Returns {entry_id, position, persons, leave_token}.
create or replace function public.join_waitlist(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
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
  v_token record;
  v_entry public.waitlist_entries%rowtype;
begin
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, 'onsite', '');
  if p_persons is null or p_persons < 1 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;

  select * into v_event from public.events e where e.id = p_event_id for no key update;
  if not found or v_event.status <> 'published' then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  v_availability := public.availability(v_event);
  if v_availability.reason = 'cancelled' then
    raise exception 'EVENT_CANCELLED';
  end if;
  if v_availability.reason is not null and v_availability.reason <> 'full' then
    raise exception 'EVENT_NOT_BOOKABLE';
  end if;
  if p_persons > v_event.max_persons_per_booking then
    raise exception 'TOO_MANY_PERSONS' using detail = v_event.max_persons_per_booking::text;
  end if;
  if v_availability.reason is null and p_persons <= v_availability.seats_left then
    raise exception 'SEATS_AVAILABLE' using detail = v_availability.seats_left::text;
  end if;
  if exists (
    select 1 from public.participants p
    where p.event_id = v_event.id and lower(p.email) = lower(v_input.email)
      and p.payment_status in ('pending', 'paid')
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;
  if exists (
    select 1 from public.waitlist_entries w
    where w.event_id = v_event.id and lower(w.email) = lower(v_input.email)
      and w.status in ('waiting', 'offered')
  ) then
    raise exception 'ALREADY_ON_WAITLIST';
  end if;

  select * into v_token from private.new_confirmation_token();
  insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash)
  values (v_event.id, v_input.name, v_input.email, v_input.phone, p_persons, v_token.token_hash)
  returning * into v_entry;

  perform private.enqueue_mail(
    'waitlist_joined',
    v_entry.email,
    private.waitlist_mail_payload(v_entry.id) || jsonb_build_object('leaveToken', v_token.token)
  );

  return jsonb_build_object(
    'entry_id', v_entry.id,
    'position', private.waitlist_position(v_entry.id),
    'persons', v_entry.persons,
    'leave_token', v_token.token
  );
end;
$$;

comment on function public.join_waitlist(uuid, text, text, text, integer) is
  'Joins the waiting list of a full event (service role: the join-waitlist edge function). See docs/data-model.md.';

revoke all on function public.join_waitlist(uuid, text, text, text, integer) from public, anon, authenticated;
grant execute on function public.join_waitlist(uuid, text, text, text, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Visitor: the links (a secret token each; no challenge needed)
-- ---------------------------------------------------------------------------------------------

-- What the leave page and the claim page show. Null for an unknown token (no oracle).
-- {kind: 'leave'|'offer', status, position, persons, offer_expires_at, event: {...}}
create or replace function public.waitlist_link(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'kind', case when w.offer_token_hash = private.token_hash(p_token) then 'offer' else 'leave' end,
    'status', case
      when w.status = 'offered' and w.offer_expires_at <= now() then 'expired'
      else w.status
    end,
    'position', private.waitlist_position(w.id),
    'persons', w.persons,
    'offer_expires_at', w.offer_expires_at,
    'event', jsonb_build_object(
      'title', e.title, 'slug', e.slug, 'start_date', e.start_date, 'end_date', e.end_date,
      'time', e.time, 'location', e.location, 'price', e.price,
      'payment_methods', to_jsonb(e.payment_methods), 'is_cancelled', e.is_cancelled
    )
  )
  from public.waitlist_entries w
  join public.events e on e.id = w.event_id
  where p_token is not null and char_length(p_token) = 64
    and (w.leave_token_hash = private.token_hash(p_token)
      or w.offer_token_hash = private.token_hash(p_token))
  limit 1
$$;

revoke all on function public.waitlist_link(text) from public;
grant execute on function public.waitlist_link(text) to anon, authenticated, service_role;

-- Leaves the list (leave token, or the offer's token: declining). A repeat is not an error. An open offer's seats go to the next.
-- TOKEN_INVALID for an unknown token.
create or replace function public.leave_waitlist(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_entry public.waitlist_entries%rowtype;
begin
  -- The leave link, or the offer's link (its page offers to decline).
  select * into v_entry from public.waitlist_entries w
  where w.leave_token_hash = private.token_hash(p_token)
     or w.offer_token_hash = private.token_hash(p_token);
  if not found or p_token is null then
    raise exception 'TOKEN_INVALID';
  end if;
  perform 1 from public.events e where e.id = v_entry.event_id for no key update;
  select * into v_entry from public.waitlist_entries w where w.id = v_entry.id for update;
  if v_entry.status in ('waiting', 'offered') then
    perform private.end_waitlist_entry(v_entry.id, 'left');
  end if;
  select * into v_entry from public.waitlist_entries w where w.id = v_entry.id;
  return jsonb_build_object('status', v_entry.status);
end;
$$;

revoke all on function public.leave_waitlist(text) from public;
grant execute on function public.leave_waitlist(text) to anon, authenticated, service_role;

-- Claims an offer (claim token) and books its persons. The offer's own seats are released first
-- (same transaction, under the event lock), then the booking goes through register_for_event,
-- the one booking path with all its rules (availability, e-mail once, payment method,
-- persons), with the entry's id as request id.
-- TODO(lifecycle): call private.book(...) here once lifecycle's booking function lands.
-- Errors: TOKEN_INVALID, OFFER_EXPIRED, OFFER_CLAIMED, OFFER_ENDED (left/removed; DETAIL), and the
-- booking's own (EVENT_CANCELLED, EVENT_SOLD_OUT / NOT_ENOUGH_SEATS = seats gone meanwhile,
-- PAYMENT_METHOD_NOT_ALLOWED, ALREADY_REGISTERED, ...).
create or replace function public.claim_waitlist_offer(p_token text, p_payment_method text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_entry public.waitlist_entries%rowtype;
  v_hash text := private.token_hash(p_token);
  v_receipt jsonb;
begin
  select * into v_entry from public.waitlist_entries w where w.offer_token_hash = v_hash;
  if not found or p_token is null then
    raise exception 'TOKEN_INVALID';
  end if;
  perform 1 from public.events e where e.id = v_entry.event_id for no key update;
  select * into v_entry from public.waitlist_entries w where w.id = v_entry.id for update;
  -- An admin's new offer replaced this token meanwhile.
  if v_entry.offer_token_hash is distinct from v_hash then
    raise exception 'TOKEN_INVALID';
  end if;
  if v_entry.status = 'claimed' then
    raise exception 'OFFER_CLAIMED';
  end if;
  if v_entry.status = 'expired' or (v_entry.status = 'offered' and v_entry.offer_expires_at <= now()) then
    raise exception 'OFFER_EXPIRED';
  end if;
  if v_entry.status <> 'offered' then
    raise exception 'OFFER_ENDED' using detail = v_entry.status;
  end if;

  perform private.end_waitlist_entry(v_entry.id, 'claimed');
  v_receipt := public.register_for_event(
    v_entry.event_id, v_entry.name, v_entry.email, v_entry.phone, p_payment_method, '',
    v_entry.id, v_entry.persons
  );
  update public.waitlist_entries w
  set participant_id = (v_receipt ->> 'participant_id')::uuid
  where w.id = v_entry.id;
  return v_receipt;
end;
$$;

revoke all on function public.claim_waitlist_offer(text, text) from public;
grant execute on function public.claim_waitlist_offer(text, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Expiry (Supabase Cron every minute; the local stack's scheduler locally)
-- ---------------------------------------------------------------------------------------------

-- Ends every offer whose time ran out and passes its seats on. Returns how many expired.
create or replace function public.expire_waitlist_offers()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_offer record;
  v_count integer := 0;
begin
  for v_offer in
    select w.id, w.event_id from public.waitlist_entries w
    where w.status = 'offered' and w.offer_expires_at <= now()
    order by w.event_id, w.queue_no
  loop
    perform 1 from public.events e where e.id = v_offer.event_id for no key update;
    -- A claim may have won the lock meanwhile.
    perform 1 from public.waitlist_entries w
    where w.id = v_offer.id and w.status = 'offered' and w.offer_expires_at <= now();
    if found then
      perform private.end_waitlist_entry(v_offer.id, 'expired');
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end;
$$;

revoke all on function public.expire_waitlist_offers() from public, anon, authenticated;
grant execute on function public.expire_waitlist_offers() to service_role;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('expire-waitlist-offers', '* * * * *', 'select public.expire_waitlist_offers()');
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Admin
-- ---------------------------------------------------------------------------------------------

-- The waiting list of one event in its order: who is still in it (with position) and who left
-- it (position null), newest ended last.
create or replace function public.admin_waitlist(p_event_id uuid)
returns table (
  id uuid,
  list_position integer,
  name text,
  email text,
  phone text,
  persons integer,
  status text,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  created_at timestamptz,
  ended_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select w.id,
    case when w.status in ('waiting', 'offered')
      then (row_number() over (partition by w.status in ('waiting', 'offered') order by w.queue_no))::integer
    end,
    w.name, w.email, w.phone, w.persons, w.status, w.offered_at, w.offer_expires_at,
    w.created_at, w.ended_at
  from public.waitlist_entries w
  where w.event_id = p_event_id
  order by (w.status not in ('waiting', 'offered')), w.queue_no;
end;
$$;

revoke all on function public.admin_waitlist(uuid) from public, anon;
grant execute on function public.admin_waitlist(uuid) to authenticated, service_role;

-- Removes an entry from the list (an open offer's seats go to the next). A repeat is not an
-- error. WAITLIST_ENTRY_NOT_FOUND.
create or replace function public.admin_remove_waitlist_entry(p_entry_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event_id uuid;
begin
  perform private.require_admin();
  select w.event_id into v_event_id from public.waitlist_entries w where w.id = p_entry_id;
  if not found then
    raise exception 'WAITLIST_ENTRY_NOT_FOUND';
  end if;
  perform 1 from public.events e where e.id = v_event_id for no key update;
  perform 1 from public.waitlist_entries w
  where w.id = p_entry_id and w.status in ('waiting', 'offered') for update;
  if found then
    perform private.end_waitlist_entry(p_entry_id, 'removed');
  end if;
end;
$$;

revoke all on function public.admin_remove_waitlist_entry(uuid) from public, anon;
grant execute on function public.admin_remove_waitlist_entry(uuid) to authenticated, service_role;

-- Sends an offer by hand to a waiting entry or one whose offer expired (out of the list's order:
-- the admin decides who), only within the free seats. An open offer is not renewed.
-- WAITLIST_ENTRY_NOT_FOUND, OFFER_NOT_POSSIBLE (DETAIL: the entry's status), NOT_ENOUGH_SEATS
-- (DETAIL: free seats), EVENT_NOT_BOOKABLE (cancelled, past, closed, not published).
create or replace function public.admin_offer_waitlist_entry(p_entry_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_entry public.waitlist_entries%rowtype;
  v_event public.events%rowtype;
  v_free integer;
begin
  perform private.require_admin();
  select * into v_entry from public.waitlist_entries w where w.id = p_entry_id;
  if not found then
    raise exception 'WAITLIST_ENTRY_NOT_FOUND';
  end if;
  select * into v_event from public.events e where e.id = v_entry.event_id for no key update;
  select * into v_entry from public.waitlist_entries w where w.id = p_entry_id for update;
  if v_entry.status not in ('waiting', 'expired') then
    raise exception 'OFFER_NOT_POSSIBLE' using detail = v_entry.status;
  end if;
  if v_entry.status = 'expired' and exists (
    select 1 from public.waitlist_entries w
    where w.event_id = v_entry.event_id and lower(w.email) = lower(v_entry.email)
      and w.status in ('waiting', 'offered')
  ) then
    raise exception 'OFFER_NOT_POSSIBLE' using detail = 'duplicate';
  end if;
  if v_event.status <> 'published' or v_event.is_cancelled or v_event.is_sold_out
    or v_event.start_date < private.today_in_zurich() then
    raise exception 'EVENT_NOT_BOOKABLE';
  end if;
  v_free := private.waitlist_free_seats(v_event.id);
  if v_entry.persons > v_free then
    raise exception 'NOT_ENOUGH_SEATS' using detail = v_free::text;
  end if;
  perform private.make_waitlist_offer(v_entry.id);
  update public.events e set offered_persons = e.offered_persons where e.id = v_event.id;
end;
$$;

revoke all on function public.admin_offer_waitlist_entry(uuid) from public, anon;
grant execute on function public.admin_offer_waitlist_entry(uuid) to authenticated, service_role;
