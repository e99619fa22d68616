-- The fondue hut booked on the site (issue 27): evenings with live availability, the group price,
-- the hut's own cancellation rule, and the one booking state machine.
--
-- Design (docs/data-model.md, "Fonduehüsli"): a bookable hut evening is a day the settings open
-- (season, weekday, not blocked, not past). Booking it creates - in the same transaction, under a
-- lock per day - an event of category 'fondue' for that day (or reuses the day's event from an
-- earlier, cancelled booking), and then books it through private.book, exactly like an event
-- booking. So the confirmation page, mails with calendar file, manage link, reminder, history,
-- admin transitions, check-in and CSV are the event booking's, and participants stay the only
-- bookings table. The hut is private: one group per evening, i.e. one seat-holding booking per
-- hut event (checked under the day's lock). Hut events are published (private.book books only
-- published events) but not public: the public policy on events leaves category 'fondue' out,
-- so they never appear in /events, the sitemap or the prerender.

-- -------------------------------------------------------------------------------------------------
-- Events: the hut's category, one hut event per day, the late-cancellation share
-- -------------------------------------------------------------------------------------------------

alter table public.events drop constraint events_category_check;
alter table public.events add constraint events_category_check check (category = any (array[
  'breathwork', 'workshop', 'retreat', 'stammtisch', 'kids', 'sense-of-breath', 'fondue'
]));

-- One hut event per evening (the day is the evening's identity).
create unique index events_fondue_day_key on public.events (start_date) where category = 'fondue';

-- What a visitor's own cancellation after the deadline keeps, in percent of what the booking owed.
-- Null (every event so far): no self-service change after the deadline (DEADLINE_PASSED).
alter table public.events add column late_cancellation_charge_percent smallint
  check (late_cancellation_charge_percent between 0 and 100);
comment on column public.events.late_cancellation_charge_percent is
  'Null: no self-cancellation after the deadline. A number (the hut: 50): the visitor may still cancel and keeps owing that share.';

-- What a cancelled booking still owes (the hut's share after the deadline). 0 while the booking
-- holds seats (a trigger resets it), so a reactivated and again cancelled booking starts clean.
alter table public.participants add column cancellation_fee_cents integer not null default 0
  check (cancellation_fee_cents >= 0);
comment on column public.participants.cancellation_fee_cents is
  'What a cancelled booking still owes (late self-cancellation under the event''s late_cancellation_charge_percent); 0 while it holds seats.';

create function private.participants_reset_cancellation_fee()
returns trigger
language plpgsql
security definer
set search_path to ''
as $$
begin
  if private.holds_seats(new.status) then
    new.cancellation_fee_cents := 0;
  end if;
  return new;
end;
$$;
revoke all on function private.participants_reset_cancellation_fee() from public;

create trigger participants_reset_cancellation_fee before update of status, cancellation_fee_cents
  on public.participants for each row execute function private.participants_reset_cancellation_fee();

-- A hut evening is on no static page (the calendar reads it live): creating or refreshing one
-- on a booking must not rebuild the site.
drop trigger events_site_rebuild_insert on public.events;
drop trigger events_site_rebuild_delete on public.events;
drop trigger events_site_rebuild_update on public.events;

create trigger events_site_rebuild_insert
after insert on public.events
for each row when (new.status = 'published' and new.category <> 'fondue')
execute function private.request_site_rebuild();

create trigger events_site_rebuild_delete
after delete on public.events
for each row when (old.status = 'published' and old.category <> 'fondue')
execute function private.request_site_rebuild();

create trigger events_site_rebuild_update
after update on public.events
for each row
when (
  (old.status = 'published' or new.status = 'published')
  and (old.category <> 'fondue' or new.category <> 'fondue')
  and (old.status, old.slug, old.title, old.subtitle, old.description, old.category, old.start_date,
       old.end_date, old.start_time, old.end_time, old.location, old.price, old.max_participants,
       old.image_url, old.payment_methods, old.is_sold_out, old.is_cancelled, old.bring_along)
      is distinct from
      (new.status, new.slug, new.title, new.subtitle, new.description, new.category, new.start_date,
       new.end_date, new.start_time, new.end_time, new.location, new.price, new.max_participants,
       new.image_url, new.payment_methods, new.is_sold_out, new.is_cancelled, new.bring_along)
)
execute function private.request_site_rebuild();

-- Hut evenings are booked through the hut's calendar, never listed as events.
drop policy "Published events are public; admins see all" on public.events;
create policy "Published events are public; admins see all" on public.events
  for select to anon, authenticated
  using ((status = 'published' and category <> 'fondue') or (select public.is_admin()));

-- -------------------------------------------------------------------------------------------------
-- Money: a cancelled booking owes its cancellation fee
-- -------------------------------------------------------------------------------------------------

create or replace function private.booking_money(p_participant_id uuid, out owed_cents integer, out paid_cents integer, out refunded_cents integer, out balance_cents integer, out open_cents integer, out excess_cents integer, out needs_review boolean, out paid_method text)
returns record
language sql
stable security definer
set search_path to ''
as $$
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
                 then greatest((round(e.price * 100))::integer * p.persons - p.discount_cents, 0)
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
$$;

-- admin_refund on a cancelled booking that keeps a fee: what goes back beyond the excess is a
-- concession on the fee (else the refund would open the same amount again).
create or replace function public.admin_refund(p_participant_id uuid, p_amount_cents integer, p_reason text)
returns integer
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_reason text;
  v_queued integer;
  v_concession integer;
begin
  perform private.require_admin();
  v_reason := private.checked_note(p_reason);
  v_before := private.lock_booking(p_participant_id);
  if p_amount_cents is null or p_amount_cents <= 0 then
    raise exception 'INVALID_INPUT' using detail = 'amount';
  end if;
  -- On a booking that stays (or a cancelled one that keeps a fee), what goes back beyond the
  -- overpaid part is a concession: the booking then owes that much less (else the refund would
  -- open the same amount again).
  v_concession := case when private.holds_seats(v_before.status) or v_before.cancellation_fee_cents > 0
    then greatest(p_amount_cents - (private.booking_money(p_participant_id)).excess_cents, 0) else 0 end;
  v_queued := private.queue_refunds(p_participant_id, p_amount_cents,
    coalesce(nullif(v_reason, ''), 'Rückerstattung durch das Team'), null, true, true);
  if v_concession > 0 then
    if private.holds_seats(v_before.status) then
      update public.participants p set discount_cents = p.discount_cents + v_concession
       where p.id = p_participant_id;
    else
      update public.participants p
         set cancellation_fee_cents = greatest(p.cancellation_fee_cents - v_concession, 0)
       where p.id = p_participant_id;
    end if;
  end if;
  perform private.write_history(p_participant_id, v_before, 'refunded', 'admin', v_queued,
    concat_ws(' · ', nullif(v_reason, ''),
      case when v_concession > 0 then format('Kulanz: %s Rappen weniger geschuldet', v_concession) end));
  return v_queued;
end;
$$;

-- -------------------------------------------------------------------------------------------------
-- Settings: the hut's evenings and rules
-- -------------------------------------------------------------------------------------------------

-- 'HH:MM' as a time, or null when the value is not one.
create function private.setting_time(value jsonb)
returns time
language plpgsql
immutable
set search_path to ''
as $$
begin
  if value is null or jsonb_typeof(value) <> 'string' or (value #>> '{}') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    return null;
  end if;
  return (value #>> '{}')::time;
end;
$$;
revoke all on function private.setting_time(jsonb) from public;

-- A whole number in [low, high], or false.
create function private.setting_int_between(value jsonb, low integer, high integer)
returns boolean
language sql
immutable
set search_path to ''
as $$
  select coalesce(
    jsonb_typeof(value) = 'number'
      and (value #>> '{}') ~ '^[0-9]+$'
      and (value #>> '{}')::numeric between low and high,
    false)
$$;
revoke all on function private.setting_int_between(jsonb, integer, integer) from public;

-- fondue_hut: {"weekdays": [4,5,6,7] (ISO: 1 Monday .. 7 Sunday), "start_time": "18:30",
-- "end_time": "22:30" | null, "min_persons": 2, "max_persons": 6, "cancellation_hours": 48,
-- "late_cancellation_charge_percent": 50, "payment_methods": ["stripe", "invoice", "onsite"],
-- "location": "...", "external_url": null | "https://..."}. external_url set: the site's
-- 'Jetzt reservieren' leads to that external page instead of the calendar (the provider's way
-- back to an external scheduling service).
create function private.fondue_hut_setting_is_valid(value jsonb)
returns boolean
language plpgsql
immutable
set search_path to ''
as $$
begin
  if not private.jsonb_has_keys(value, array[
    'weekdays', 'start_time', 'end_time', 'min_persons', 'max_persons', 'cancellation_hours',
    'late_cancellation_charge_percent', 'payment_methods', 'location', 'external_url'
  ]) then
    return false;
  end if;
  if jsonb_typeof(value -> 'weekdays') <> 'array'
     or jsonb_array_length(value -> 'weekdays') not between 1 and 7
     or exists (select 1 from jsonb_array_elements(value -> 'weekdays') d
                 where not private.setting_int_between(d, 1, 7))
     or (select count(distinct d) from jsonb_array_elements(value -> 'weekdays') d)
        <> jsonb_array_length(value -> 'weekdays') then
    return false;
  end if;
  if private.setting_time(value -> 'start_time') is null
     or not (jsonb_typeof(value -> 'end_time') = 'null'
             or private.setting_time(value -> 'end_time') > private.setting_time(value -> 'start_time')) then
    return false;
  end if;
  if not private.setting_int_between(value -> 'min_persons', 1, 50)
     or not private.setting_int_between(value -> 'max_persons', 1, 50)
     or (value ->> 'min_persons')::integer > (value ->> 'max_persons')::integer
     or not private.setting_int_between(value -> 'cancellation_hours', 0, 720)
     or not private.setting_int_between(value -> 'late_cancellation_charge_percent', 0, 100) then
    return false;
  end if;
  if jsonb_typeof(value -> 'payment_methods') <> 'array'
     or jsonb_array_length(value -> 'payment_methods') not between 1 and 3
     or exists (select 1 from jsonb_array_elements(value -> 'payment_methods') m
                 where jsonb_typeof(m) <> 'string' or (m #>> '{}') not in ('stripe', 'invoice', 'onsite'))
     or (select count(distinct m) from jsonb_array_elements(value -> 'payment_methods') m)
        <> jsonb_array_length(value -> 'payment_methods') then
    return false;
  end if;
  if jsonb_typeof(value -> 'location') <> 'string'
     or char_length(btrim(value ->> 'location')) not between 1 and 300 then
    return false;
  end if;
  return jsonb_typeof(value -> 'external_url') = 'null'
    or (jsonb_typeof(value -> 'external_url') = 'string'
        and (value ->> 'external_url') ~ '^https://[^[:space:]]+$'
        and char_length(value ->> 'external_url') <= 500);
end;
$$;
revoke all on function private.fondue_hut_setting_is_valid(jsonb) from public;

-- The other keys are unchanged (as in 20261128131000_receipt_pdf.sql); 'fondue_hut' is new.
create or replace function private.setting_value_is_valid(setting_key text, value jsonb)
returns boolean
language plpgsql
immutable security definer
set search_path to ''
as $$
begin
  case setting_key
    -- {"start": "2026-10-15", "end": "2027-03-28" | null}: the end is optional (open season).
    when 'fondue_season' then
      return private.jsonb_has_keys(value, array['start', 'end'])
        and private.setting_date(value -> 'start') is not null
        and (
          jsonb_typeof(value -> 'end') = 'null'
          or private.setting_date(value -> 'end') >= private.setting_date(value -> 'start')
        );
    -- Price per person in CHF by group size.
    when 'fondue_prices' then
      return private.jsonb_has_keys(value, array['two', 'three_to_four', 'five_to_six'])
        and private.setting_price_is_valid(value -> 'two')
        and private.setting_price_is_valid(value -> 'three_to_four')
        and private.setting_price_is_valid(value -> 'five_to_six');
    -- VAT on receipts: the Swiss UID (CHE-123.456.789, shown with 'MWST') and the rate in percent.
    when 'vat' then
      if private.jsonb_has_keys(value, array['uid', 'rate_percent'])
         and jsonb_typeof(value -> 'uid') = 'null' and jsonb_typeof(value -> 'rate_percent') = 'null' then
        return true;
      end if;
      return private.jsonb_has_keys(value, array['uid', 'rate_percent'])
        and jsonb_typeof(value -> 'uid') = 'string'
        and (value ->> 'uid') ~ '^CHE-[0-9]{3}\.[0-9]{3}\.[0-9]{3}$'
        and jsonb_typeof(value -> 'rate_percent') = 'number'
        and (value ->> 'rate_percent')::numeric >= 0
        and (value ->> 'rate_percent')::numeric <= 100
        and scale((value ->> 'rate_percent')::numeric) <= 2;
    -- The hut's evenings, group size, cancellation rule and payment methods.
    when 'fondue_hut' then
      return private.fondue_hut_setting_is_valid(value);
    else
      return false;
  end case;
end;
$$;

insert into public.settings (key, value, is_public) values (
  'fondue_hut',
  '{"weekdays": [4, 5, 6, 7], "start_time": "18:30", "end_time": "22:30", "min_persons": 2,
    "max_persons": 6, "cancellation_hours": 48, "late_cancellation_charge_percent": 50,
    "payment_methods": ["stripe", "invoice", "onsite"],
    "location": "Fonduehüsli, Waldweg 3, 5042 Hirschthal", "external_url": null}',
  true
);

-- -------------------------------------------------------------------------------------------------
-- Blocked evenings
-- -------------------------------------------------------------------------------------------------

create table public.hut_blocked_evenings (
  day date primary key,
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 300),
  blocked_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index hut_blocked_evenings_blocked_by_idx on public.hut_blocked_evenings (blocked_by);

comment on table public.hut_blocked_evenings is
  'Evenings the provider closed (Ferien, Anlass). Admins read the reason; the public calendar says only "nicht verfügbar".';

alter table public.hut_blocked_evenings enable row level security;
revoke all on table public.hut_blocked_evenings from public, anon, authenticated;
grant select on table public.hut_blocked_evenings to authenticated;
create policy "Admins read blocked evenings" on public.hut_blocked_evenings
  for select to authenticated using ((select public.is_admin()));

-- -------------------------------------------------------------------------------------------------
-- The hut's rules, each in one place
-- -------------------------------------------------------------------------------------------------

-- The settings as typed values.
create function private.hut_settings(
  out weekdays integer[], out start_time time, out end_time time, out min_persons integer,
  out max_persons integer, out cancellation_hours integer, out late_cancellation_charge_percent integer,
  out payment_methods text[], out location text, out season_start date, out season_end date
)
returns record
language sql
stable security definer
set search_path to ''
as $$
  select array(select d::integer from jsonb_array_elements_text(h.value -> 'weekdays') d order by 1),
         (h.value ->> 'start_time')::time,
         (h.value ->> 'end_time')::time,
         (h.value ->> 'min_persons')::integer,
         (h.value ->> 'max_persons')::integer,
         (h.value ->> 'cancellation_hours')::integer,
         (h.value ->> 'late_cancellation_charge_percent')::integer,
         array(select m from jsonb_array_elements_text(h.value -> 'payment_methods') m),
         btrim(h.value ->> 'location'),
         (s.value ->> 'start')::date,
         (s.value ->> 'end')::date
    from public.settings h, public.settings s
   where h.key = 'fondue_hut' and s.key = 'fondue_season'
$$;
revoke all on function private.hut_settings() from public;

-- The price per person in CHF for a group of p_persons (fondue_prices: 2 / 3-4 / 5-6; a group
-- above 6, should the settings allow one, pays the largest groups' price).
create function private.hut_price_per_person(p_persons integer)
returns numeric
language sql
stable security definer
set search_path to ''
as $$
  select (s.value ->> case when p_persons <= 2 then 'two'
                           when p_persons <= 4 then 'three_to_four'
                           else 'five_to_six' end)::numeric
    from public.settings s
   where s.key = 'fondue_prices'
$$;
revoke all on function private.hut_price_per_person(integer) from public;

-- When the evening of p_day starts (Zurich time).
create function private.hut_evening_start(p_day date, p_start time)
returns timestamptz
language sql
immutable
set search_path to ''
as $$ select (p_day + p_start) at time zone 'Europe/Zurich' $$;
revoke all on function private.hut_evening_start(date, time) from public;

-- One evening's state for the public: past, outside_season, closed (weekday), blocked, booked or
-- bookable. A cancelled hut event (admin_cancel_event) counts as blocked.
create function private.hut_evening_state(p_day date)
returns text
language sql
stable security definer
set search_path to ''
as $$
  select case
    when private.hut_evening_start(p_day, h.start_time) <= private.now() then 'past'
    when p_day < h.season_start or (h.season_end is not null and p_day > h.season_end) then 'outside_season'
    when not (extract(isodow from p_day)::integer = any (h.weekdays)) then 'closed'
    when exists (select 1 from public.hut_blocked_evenings b where b.day = p_day)
      or exists (select 1 from public.events e
                  where e.category = 'fondue' and e.start_date = p_day and e.is_cancelled) then 'blocked'
    when exists (select 1 from public.events e
                   join public.participants p on p.event_id = e.id
                  where e.category = 'fondue' and e.start_date = p_day
                    and private.holds_seats(p.status)) then 'booked'
    else 'bookable'
  end
  from private.hut_settings() h
$$;
revoke all on function private.hut_evening_state(date) from public;

-- The dietary question every hut booking asks (a fixed id, so answers stay comparable).
create function private.hut_questions()
returns jsonb
language sql
immutable
set search_path to ''
as $$
  select jsonb_build_array(jsonb_build_object(
    'id', '6b0f2a4e-27a1-4c55-9a5e-0f0d5e27f0d1',
    'kind', 'text',
    'label', 'Unverträglichkeiten oder Ernährungswünsche',
    'required', false,
    'options', '[]'::jsonb
  ))
$$;
revoke all on function private.hut_questions() from public;

-- The day's hut event, created or brought up to the current settings for a group of p_persons.
-- Called under the day's lock, with no seat-holding booking on the day.
create function private.hut_evening_event(p_day date, p_persons integer)
returns uuid
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_hut record;
  v_id uuid;
  v_description text;
begin
  select * into v_hut from private.hut_settings();
  v_description := format(
    'Privater Fondueabend im Fonduehüsli für deine Gruppe. Bis %s Stunden vor Beginn kannst du kostenlos stornieren, danach verrechnen wir %s %% des Preises.',
    v_hut.cancellation_hours, v_hut.late_cancellation_charge_percent);
  select e.id into v_id from public.events e where e.category = 'fondue' and e.start_date = p_day;
  if v_id is null then
    insert into public.events (
      title, description, category, status, start_date, start_time, end_time, location, price,
      max_participants, max_persons_per_booking, payment_methods, cancellation_deadline_hours,
      late_cancellation_charge_percent, questions
    ) values (
      'Fonduehüsli', v_description, 'fondue', 'published', p_day, v_hut.start_time, v_hut.end_time,
      v_hut.location, private.hut_price_per_person(p_persons), v_hut.max_persons, v_hut.max_persons,
      v_hut.payment_methods, v_hut.cancellation_hours, v_hut.late_cancellation_charge_percent,
      private.hut_questions()
    ) returning id into v_id;
  else
    update public.events e set
      description = v_description, status = 'published', start_time = v_hut.start_time,
      end_time = v_hut.end_time, location = v_hut.location,
      price = private.hut_price_per_person(p_persons), max_participants = v_hut.max_persons,
      max_persons_per_booking = v_hut.max_persons, payment_methods = v_hut.payment_methods,
      cancellation_deadline_hours = v_hut.cancellation_hours,
      late_cancellation_charge_percent = v_hut.late_cancellation_charge_percent,
      questions = private.hut_questions(), is_sold_out = false
    where e.id = v_id;
  end if;
  return v_id;
end;
$$;
revoke all on function private.hut_evening_event(date, integer) from public;

-- One group per evening on every path, not only the visitor's: a staff booking, a move or a
-- reactivation onto a hut evening another group holds is refused too. Every transition locks the
-- event row before it writes the booking, so this check under that lock is exact.
create function private.participants_one_group_per_evening()
returns trigger
language plpgsql
security definer
set search_path to ''
as $$
begin
  if exists (select 1 from public.events e where e.id = new.event_id and e.category = 'fondue')
     and exists (select 1 from public.participants p
                  where p.event_id = new.event_id and p.id <> new.id and private.holds_seats(p.status)) then
    raise exception 'HUT_EVENING_BOOKED';
  end if;
  return new;
end;
$$;
revoke all on function private.participants_one_group_per_evening() from public;

create trigger participants_one_group_per_evening before insert or update of event_id, status
  on public.participants for each row when (new.status in ('held', 'confirmed'))
  execute function private.participants_one_group_per_evening();

-- -------------------------------------------------------------------------------------------------
-- The public calendar: a month in one request
-- -------------------------------------------------------------------------------------------------

create function public.hut_month(p_month date)
returns jsonb
language plpgsql
stable security definer
set search_path to ''
as $$
declare
  v_hut record;
  v_first date;
begin
  if p_month is null then
    raise exception 'INVALID_INPUT' using detail = 'month';
  end if;
  select * into v_hut from private.hut_settings();
  v_first := date_trunc('month', p_month)::date;
  return jsonb_build_object(
    'month', to_char(v_first, 'YYYY-MM'),
    'evenings', (
      select jsonb_agg(jsonb_build_object('day', d::date, 'state', private.hut_evening_state(d::date)) order by d)
        from generate_series(v_first, (v_first + interval '1 month' - interval '1 day')::date, interval '1 day') d
    ),
    'start_time', to_char(v_hut.start_time, 'HH24:MI'),
    'end_time', to_char(v_hut.end_time, 'HH24:MI'),
    'weekdays', to_jsonb(v_hut.weekdays),
    'season', jsonb_build_object('start', v_hut.season_start, 'end', v_hut.season_end),
    'min_persons', v_hut.min_persons,
    'max_persons', v_hut.max_persons,
    -- The group price, from the one rule (private.hut_price_per_person).
    'prices', (
      select jsonb_agg(jsonb_build_object(
               'persons', n,
               'per_person', private.hut_price_per_person(n),
               'total', private.hut_price_per_person(n) * n) order by n)
        from generate_series(v_hut.min_persons, v_hut.max_persons) n
    ),
    'payment_methods', to_jsonb(v_hut.payment_methods),
    'cancellation_hours', v_hut.cancellation_hours,
    'late_cancellation_charge_percent', v_hut.late_cancellation_charge_percent,
    'location', v_hut.location,
    'questions', private.hut_questions()
  );
end;
$$;
revoke all on function public.hut_month(date) from public;
grant execute on function public.hut_month(date) to anon, authenticated, service_role;

-- -------------------------------------------------------------------------------------------------
-- Booking an evening: the one booking transition, for the day's hut event
-- -------------------------------------------------------------------------------------------------

create function public.book_hut_evening(
  p_day date, p_name text, p_email text, p_phone text, p_payment_method text,
  p_notes text default '', p_request_id uuid default null, p_persons integer default 2,
  p_answers jsonb default '{}'::jsonb, p_address_key text default null,
  p_persons_per_address integer default null
)
returns jsonb
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_hut record;
  v_event_id uuid;
begin
  if p_day is null then
    raise exception 'INVALID_INPUT' using detail = 'day';
  end if;
  -- A repeated request returns the first booking (private.book finds it). The same lock as
  -- private.book's makes a concurrent twin wait and then find the first row.
  if p_request_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('register_for_event:' || p_request_id::text, 0));
    select p.event_id into v_event_id from public.participants p where p.request_id = p_request_id;
    if found then
      return private.book(v_event_id, p_name, p_email, p_phone, p_payment_method, p_notes,
        p_request_id, p_persons, p_answers, p_address_key, p_persons_per_address);
    end if;
  end if;

  -- One booking per evening: bookings (and blocks) of one day queue here, so the state below is
  -- exact and the day's event is created once.
  perform pg_advisory_xact_lock(hashtextextended('hut_evening:' || p_day::text, 0));
  select * into v_hut from private.hut_settings();
  case private.hut_evening_state(p_day)
    when 'past' then raise exception 'HUT_EVENING_PAST';
    when 'outside_season' then raise exception 'HUT_OUTSIDE_SEASON';
    when 'closed' then raise exception 'HUT_CLOSED_DAY' using detail = extract(isodow from p_day)::text;
    when 'blocked' then raise exception 'HUT_EVENING_BLOCKED';
    when 'booked' then raise exception 'HUT_EVENING_BOOKED';
    else null;
  end case;
  if p_persons is null or p_persons < v_hut.min_persons or p_persons > v_hut.max_persons then
    raise exception 'HUT_GROUP_SIZE' using detail = v_hut.min_persons || '-' || v_hut.max_persons;
  end if;
  if p_payment_method is null or not (p_payment_method = any (v_hut.payment_methods)) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;
  v_event_id := private.hut_evening_event(p_day, p_persons);
  return private.book(v_event_id, p_name, p_email, p_phone, p_payment_method, p_notes,
    p_request_id, p_persons, p_answers, p_address_key, p_persons_per_address);
end;
$$;
revoke all on function public.book_hut_evening(date, text, text, text, text, text, uuid, integer, jsonb, text, integer)
  from public, anon, authenticated;
grant execute on function public.book_hut_evening(date, text, text, text, text, text, uuid, integer, jsonb, text, integer)
  to service_role;

-- -------------------------------------------------------------------------------------------------
-- Admin: block and unblock evenings, the season calendar
-- -------------------------------------------------------------------------------------------------

create function public.admin_block_hut_evening(p_day date, p_reason text)
returns void
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_reason text := btrim(coalesce(p_reason, ''));
  v_user uuid := auth.uid();
begin
  perform private.require_admin();
  if p_day is null then
    raise exception 'INVALID_INPUT' using detail = 'day';
  end if;
  if v_reason = '' or char_length(v_reason) > 300 then
    raise exception 'INVALID_INPUT' using detail = 'reason';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('hut_evening:' || p_day::text, 0));
  -- A booked evening is cancelled first (admin_cancel_booking), with its refund and mail.
  if exists (select 1 from public.events e
               join public.participants p on p.event_id = e.id
              where e.category = 'fondue' and e.start_date = p_day and private.holds_seats(p.status)) then
    raise exception 'HUT_EVENING_BOOKED';
  end if;
  if v_user is not null and not exists (select 1 from auth.users u where u.id = v_user) then
    v_user := null;
  end if;
  insert into public.hut_blocked_evenings (day, reason, blocked_by)
  values (p_day, v_reason, v_user)
  on conflict (day) do update set reason = excluded.reason, blocked_by = excluded.blocked_by;
end;
$$;
revoke all on function public.admin_block_hut_evening(date, text) from public, anon;
grant execute on function public.admin_block_hut_evening(date, text) to authenticated, service_role;

-- True when the evening was blocked.
create function public.admin_unblock_hut_evening(p_day date)
returns boolean
language plpgsql
security definer
set search_path to ''
as $$
begin
  perform private.require_admin();
  delete from public.hut_blocked_evenings b where b.day = p_day;
  return found;
end;
$$;
revoke all on function public.admin_unblock_hut_evening(date) from public, anon;
grant execute on function public.admin_unblock_hut_evening(date) to authenticated, service_role;

-- The season calendar: every day of the month with its state, the block's reason and the booking
-- that holds the evening (persons, status, payment word, money), for the admin's month view.
create function public.admin_hut_month(p_month date)
returns jsonb
language plpgsql
stable security definer
set search_path to ''
as $$
declare
  v_first date;
begin
  perform private.require_admin();
  if p_month is null then
    raise exception 'INVALID_INPUT' using detail = 'month';
  end if;
  v_first := date_trunc('month', p_month)::date;
  return jsonb_build_object(
    'month', to_char(v_first, 'YYYY-MM'),
    'evenings', (
      select jsonb_agg(jsonb_build_object(
               'day', d::date,
               'state', private.hut_evening_state(d::date),
               'blocked_reason', b.reason,
               'event_id', e.id,
               'booking', case when p.id is not null then jsonb_build_object(
                 'participant_id', p.id,
                 'reference', p.reference,
                 'name', p.name,
                 'persons', p.persons,
                 'status', p.status,
                 'payment_method', p.payment_method,
                 'payment_status', private.payment_word(p.id),
                 'owed_cents', m.owed_cents,
                 'open_cents', m.open_cents
               ) end
             ) order by d)
        from generate_series(v_first, (v_first + interval '1 month' - interval '1 day')::date, interval '1 day') d
        left join public.hut_blocked_evenings b on b.day = d::date
        left join public.events e on e.category = 'fondue' and e.start_date = d::date
        left join lateral (
          select p.* from public.participants p
           where p.event_id = e.id and private.holds_seats(p.status)
           order by p.created_at desc limit 1
        ) p on true
        left join lateral private.booking_money(p.id) m on p.id is not null
    )
  );
end;
$$;
revoke all on function public.admin_hut_month(date) from public, anon;
grant execute on function public.admin_hut_month(date) to authenticated, service_role;

-- -------------------------------------------------------------------------------------------------
-- The visitor's own cancellation: the hut's rule (and private.now() for every deadline)
-- -------------------------------------------------------------------------------------------------

-- What cancelling now would keep and give back, for the manage page and change_booking alike.
create function private.cancellation_terms(p_participant_id uuid)
returns jsonb
language sql
stable security definer
set search_path to ''
as $$
  select jsonb_build_object(
    'deadline', d.deadline,
    'late', d.deadline is not null and private.now() >= d.deadline,
    'late_charge_percent', e.late_cancellation_charge_percent,
    -- What a cancellation now keeps: the share after the deadline, nothing before (and nothing
    -- of a hold never paid: there is nothing to collect, as when the hold lapses).
    'keep_cents', case when d.deadline is not null and private.now() >= d.deadline and p.status <> 'held'
                       then round(m.owed_cents * coalesce(e.late_cancellation_charge_percent, 0) / 100.0)::integer
                       else 0 end
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  cross join lateral (select private.cancellation_deadline(e) as deadline) d
  cross join lateral private.booking_money(p.id) m
  where p.id = p_participant_id
$$;
revoke all on function private.cancellation_terms(uuid) from public;

create or replace function public.booking_by_token(p_reference text, p_token text)
returns jsonb
language plpgsql
stable security definer
set search_path to ''
as $$
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
    'cancellation', private.cancellation_terms(v_participant.id)
  );
end;
$$;

create or replace function public.change_booking(p_reference text, p_token text, p_persons integer)
returns jsonb
language plpgsql
security definer
set search_path to ''
as $$
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
$$;

-- -------------------------------------------------------------------------------------------------
-- Error codes
-- -------------------------------------------------------------------------------------------------

insert into public.error_codes (code, visitor_message, admin_message) values
  ('HUT_EVENING_BOOKED',
   'Dieser Abend ist bereits vergeben. Bitte wähle einen anderen Abend.',
   'Der Abend ist bereits vergeben. Stornieren Sie zuerst die Buchung.'),
  ('HUT_EVENING_BLOCKED',
   'Dieser Abend ist nicht verfügbar. Bitte wähle einen anderen Abend.',
   'Der Abend ist gesperrt.'),
  ('HUT_OUTSIDE_SEASON',
   'Dieser Abend liegt ausserhalb der Fondue-Saison. Bitte wähle einen anderen Abend.',
   'Der Abend liegt ausserhalb der Saison.'),
  -- DETAIL: the ISO weekday (1 Monday .. 7 Sunday).
  ('HUT_CLOSED_DAY',
   'An diesem Wochentag ist das Fonduehüsli geschlossen. Bitte wähle einen anderen Abend.',
   'An diesem Wochentag ist das Fonduehüsli geschlossen.'),
  ('HUT_EVENING_PAST',
   'Dieser Abend ist schon vorbei. Bitte wähle einen anderen Abend.',
   'Der Abend ist vorbei.'),
  -- DETAIL: 'min-max' from the settings.
  ('HUT_GROUP_SIZE',
   'Das Fonduehüsli ist für Gruppen von 2 bis 6 Personen.',
   'Die Gruppe muss 2 bis 6 Personen umfassen.');

-- -------------------------------------------------------------------------------------------------
-- A hut evening booked on site or by invoice waits for the click on its mail's confirm link
-- -------------------------------------------------------------------------------------------------
-- The issue-25 rule holds large on-site/invoice bookings until confirmed; for the hut one booking
-- of any size takes the whole evening, so every such booking is held (book_hut_evening passes the
-- client address like register_for_event). private.book as in 20261128112000, one condition more.

create or replace function private.book(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, p_request_id uuid, p_persons integer, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer)
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
$function$;

-- The reason of a blocked evening is the provider's own note ("Ferien", "Anlass"): on the
-- personal-data map (issue 30) like the provider's other data.
insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.hut_blocked_evenings', 'reason', 'Grund einer Sperre des Fonduehüsli (interne Notiz des Anbieters)', 'provider');
