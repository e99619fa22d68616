-- Series of events (issue 27, "Series of events"). A monthly Stammtisch or a weekly kids'
-- afternoon is created once: the admin expands the rule (rrule, in the browser) into dates and
-- public.admin_create_event_series stores the series and one real event per date in one
-- transaction. Each occurrence keeps its own slug (the events_set_slug trigger: title + date),
-- seats, bookings and waiting list; the series row only keeps the rule for display and ties the
-- occurrences together for "dieses und alle folgenden".
--
-- public.admin_edit_event_series applies one edit to "nur dieses" or "dieses und alle folgenden".
-- A change of date, time or place of an occurrence that people booked or wait for goes through
-- the same change notice as a single event's edit (public.admin_notify_event_changed: one
-- 'event_changed' mail per address, old -> new, with the manage link).

create table public.event_series (
  id uuid not null default gen_random_uuid() primary key,
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  -- The rule as the admin entered it (kind, weekdays, nth, end, count, exceptions), for display
  -- and a later "edit the rule"; the dates themselves are the events.
  rule jsonb not null check (jsonb_typeof(rule) = 'object'),
  rule_text text not null check (btrim(rule_text) <> '' and char_length(rule_text) <= 300),
  created_at timestamptz not null default now()
);

comment on table public.event_series is
  'A series of events created in one form (issue 27): the rule for display; each occurrence is a row of public.events with series_id. Written only by public.admin_create_event_series.';
comment on column public.event_series.rule is
  'The recurrence as entered in the admin (src/features/admin-events/lib/recurrence.ts, RecurrenceRule): display only, the stored events are the truth.';
comment on column public.event_series.rule_text is
  'The rule in German words, e.g. "Jeden 2. Donnerstag im Monat, 12 Mal".';

alter table public.event_series enable row level security;

revoke all on table public.event_series from anon, authenticated, service_role;
grant select on table public.event_series to authenticated, service_role;
-- The browser tests' fixtures write and remove series directly, as they do events
-- (tests/support/e2e-data.ts).
grant insert, delete on table public.event_series to service_role;

create policy "Admins read event series" on public.event_series as permissive for select to authenticated
  using ((select public.is_admin()));

alter table public.events
  add column series_id uuid references public.event_series(id) on delete set null;

comment on column public.events.series_id is
  'The series this event was created in (public.event_series), null for a single event. Deleting the series keeps its events.';

create index events_series_id_start_date_idx on public.events (series_id, start_date);

insert into public.error_codes (code, visitor_message, admin_message) values
  ('SERIES_DATES_INVALID', null, 'Die Serie braucht 1 bis 100 verschiedene Daten.'),
  ('SERIES_EVENT_INVALID', null, 'Die Angaben zur Veranstaltung der Serie sind unvollständig.'),
  ('SERIES_SCOPE_INVALID', null, 'Bitte wählen Sie «nur dieses» oder «dieses und alle folgenden».'),
  ('SERIES_CHANGE_INVALID', null, 'Diese Änderung kann nicht auf die Serie angewendet werden.'),
  ('EVENT_NOT_IN_SERIES', null, 'Diese Veranstaltung gehört zu keiner Serie.');

create function public.admin_create_event_series(
  p_event jsonb,
  p_dates date[],
  p_rule jsonb,
  p_rule_text text
)
returns public.event_series
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_template public.events;
  v_days integer;
  v_series public.event_series;
  v_date date;
begin
  perform private.require_admin();
  if p_dates is null or cardinality(p_dates) not between 1 and 100
    or array_position(p_dates, null) is not null
    or (select count(distinct d) from unnest(p_dates) d) <> cardinality(p_dates) then
    raise exception 'SERIES_DATES_INVALID';
  end if;
  -- The same columns the single event form writes (EventWrite in the admin), all of them.
  if not private.jsonb_has_keys(p_event, array[
    'title', 'subtitle', 'description', 'category', 'start_date', 'end_date', 'start_time',
    'end_time', 'location', 'price', 'max_participants', 'max_persons_per_booking',
    'cancellation_deadline_hours', 'status', 'image_url', 'payment_methods', 'is_sold_out',
    'is_cancelled', 'bring_along', 'questions', 'min_age', 'max_age'
  ]) then
    raise exception 'SERIES_EVENT_INVALID';
  end if;
  v_template := jsonb_populate_record(null::public.events, p_event);
  -- A multi-day occurrence keeps its length: end_date moves with each start date.
  v_days := v_template.end_date - v_template.start_date;

  insert into public.event_series (title, rule, rule_text)
  values (v_template.title, p_rule, p_rule_text)
  returning * into v_series;

  foreach v_date in array (select array_agg(d order by d) from unnest(p_dates) d) loop
    insert into public.events (
      title, subtitle, description, category, start_date, end_date, start_time, end_time,
      location, price, max_participants, max_persons_per_booking, cancellation_deadline_hours,
      status, image_url, payment_methods, is_sold_out, is_cancelled, bring_along, questions,
      min_age, max_age, series_id
    ) values (
      v_template.title, v_template.subtitle, v_template.description, v_template.category,
      v_date, v_date + v_days, v_template.start_time, v_template.end_time,
      v_template.location, v_template.price, v_template.max_participants,
      v_template.max_persons_per_booking, v_template.cancellation_deadline_hours,
      v_template.status, v_template.image_url, v_template.payment_methods,
      v_template.is_sold_out, false, v_template.bring_along, v_template.questions,
      v_template.min_age, v_template.max_age, v_series.id
    );
  end loop;
  return v_series;
end;
$$;

comment on function public.admin_create_event_series(jsonb, date[], jsonb, text) is
  'Admin: one series and one event per date (sorted), all or nothing. p_event holds the single event form''s columns; its start_date/end_date give the length of a multi-day occurrence. Occurrences are never created cancelled.';

create function public.admin_edit_event_series(
  p_event_id uuid,
  p_scope text,
  p_changes jsonb,
  p_message text default '',
  out changed integer,
  out notified integer
)
returns record
language plpgsql
security definer
set search_path to ''
as $$
declare
  v_event public.events;
  v_target public.events;
  v_after public.events;
  v_shift integer := 0;
  v_key text;
begin
  perform private.require_admin();
  if p_scope is null or p_scope not in ('this', 'following') then
    raise exception 'SERIES_SCOPE_INVALID';
  end if;
  -- What an occurrence's edit may carry. Not: category (a series is one kind of event),
  -- end_date (moves with start_date), is_cancelled (admin_cancel_event refunds and mails).
  if jsonb_typeof(p_changes) is distinct from 'object' then
    raise exception 'SERIES_CHANGE_INVALID';
  end if;
  for v_key in select jsonb_object_keys(p_changes) loop
    if v_key not in (
      'title', 'subtitle', 'description', 'location', 'start_date', 'start_time', 'end_time',
      'price', 'max_participants', 'max_persons_per_booking', 'cancellation_deadline_hours',
      'status', 'image_url', 'payment_methods', 'is_sold_out', 'bring_along', 'questions',
      'min_age', 'max_age'
    ) then
      raise exception 'SERIES_CHANGE_INVALID';
    end if;
  end loop;
  select * into v_event from public.events e where e.id = p_event_id for update;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if v_event.series_id is null then
    raise exception 'EVENT_NOT_IN_SERIES';
  end if;
  if p_changes ? 'start_date' then
    if jsonb_typeof(p_changes -> 'start_date') <> 'string' or v_event.start_date is null then
      raise exception 'SERIES_CHANGE_INVALID';
    end if;
    -- A new date for the chosen occurrence moves each following one by the same days.
    v_shift := (p_changes ->> 'start_date')::date - v_event.start_date;
  end if;

  changed := 0;
  notified := 0;
  for v_target in
    select * from public.events e
    where e.id = p_event_id
       or (p_scope = 'following' and e.series_id = v_event.series_id
           and (e.start_date, coalesce(e.start_time, time '00:00'), e.id)
             > (v_event.start_date, coalesce(v_event.start_time, time '00:00'), v_event.id))
    order by e.start_date, e.start_time, e.id
    for update
  loop
    -- jsonb_populate_record over the row: keys present replace, the rest stay.
    v_after := jsonb_populate_record(v_target, p_changes - 'start_date');
    update public.events e set
      title = v_after.title,
      subtitle = v_after.subtitle,
      description = v_after.description,
      location = v_after.location,
      start_date = v_target.start_date + v_shift,
      end_date = v_target.end_date + v_shift,
      start_time = v_after.start_time,
      end_time = v_after.end_time,
      price = v_after.price,
      max_participants = v_after.max_participants,
      max_persons_per_booking = v_after.max_persons_per_booking,
      cancellation_deadline_hours = v_after.cancellation_deadline_hours,
      status = v_after.status,
      image_url = v_after.image_url,
      payment_methods = v_after.payment_methods,
      is_sold_out = v_after.is_sold_out,
      bring_along = v_after.bring_along,
      questions = v_after.questions,
      min_age = v_after.min_age,
      max_age = v_after.max_age
    where e.id = v_target.id
    returning * into v_after;
    changed := changed + 1;
    -- The single event's change notice, to the addresses of this occurrence only (none when
    -- nobody booked or waits). A cancelled occurrence was already told it is off.
    if not v_after.is_cancelled and (
      v_after.start_date is distinct from v_target.start_date
      or v_after.end_date is distinct from v_target.end_date
      or v_after.start_time is distinct from v_target.start_time
      or v_after.end_time is distinct from v_target.end_time
      or v_after.location is distinct from v_target.location
    ) then
      notified := notified + public.admin_notify_event_changed(
        v_target.id, v_target.start_date, v_target.end_date, v_target.start_time,
        v_target.end_time, v_target.location, p_message
      );
    end if;
  end loop;
end;
$$;

comment on function public.admin_edit_event_series(uuid, text, jsonb, text) is
  'Admin: applies p_changes to one occurrence (p_scope ''this'') or to it and every later one of its series (''following''). A start_date moves the later ones by the same number of days. Occurrences whose date, time or place changed get the event_changed notice (admin_notify_event_changed) with p_message; answers how many events changed and how many mails were queued.';

revoke all on function public.admin_create_event_series(jsonb, date[], jsonb, text) from anon, public;
revoke all on function public.admin_edit_event_series(uuid, text, jsonb, text) from anon, public;
grant execute on function public.admin_create_event_series(jsonb, date[], jsonb, text) to authenticated;
grant execute on function public.admin_edit_event_series(uuid, text, jsonb, text) to authenticated;
