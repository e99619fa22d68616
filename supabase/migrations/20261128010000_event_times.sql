-- Structured event times. Until now an event's time was free text ('18:30 - 21:30', '10 Uhr')
-- read by four parsers that disagreed (the cancellation deadline here, the .ics, the JSON-LD and
-- the page). It becomes two `time` columns beside the dates the table already has: start_date +
-- start_time is the start, coalesce(end_date, start_date) + end_time the end, both wall-clock
-- times in Europe/Zurich. private.event_schedule is the one place that turns them into instants
-- (start, end, cancellation deadline); the site and the mails read the columns.
--
-- The migration reads the old text once (formats: '18:30 Uhr', '10 Uhr', '18:30–21:30',
-- '18.30 - 21.30 Uhr', 'Samstag 10:00 bis Sonntag 16:00'), reports every row it cannot read
-- (WARNING with the event and its text; those rows keep their date and get no time) and drops the
-- text.

alter table public.events
  add column start_time time,
  add column end_time time;

comment on column public.events.start_time is
  'Wall-clock start (Europe/Zurich) on start_date; null: no time announced (the event counts from midnight).';
comment on column public.events.end_time is
  'Wall-clock end (Europe/Zurich) on coalesce(end_date, start_date); null: open end.';

-- Reads one old time text: the first two clock times ('18:30', '18.30', or a bare hour when the
-- text says 'Uhr' or joins two hours with a dash or 'bis'). Only for this migration.
create function private.read_time_text(p_text text, out start_time time, out end_time time, out readable boolean)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_text, ''));
  v_times time[] := '{}';
  v_match text[];
  v_bare boolean := false;
begin
  readable := true;
  if v_text = '' then
    return;
  end if;
  for v_match in
    select m from regexp_matches(v_text, '(?:^|[^0-9.:])([01]?[0-9]|2[0-3])(?:[:.]([0-5][0-9]))?(?![0-9])', 'g') as m
  loop
    v_bare := v_bare or v_match[2] is null;
    v_times := v_times || make_time(v_match[1]::integer, coalesce(v_match[2], '0')::integer, 0);
  end loop;
  if cardinality(v_times) not between 1 and 2
    or (v_bare and v_text !~* '\muhr\M' and v_text !~* '[0-9]\s*(-|–|—|bis)\s*[0-9]') then
    readable := false;
    return;
  end if;
  start_time := v_times[1];
  end_time := v_times[2];
end;
$$;

do $$
declare
  v_row record;
  v_read record;
  v_unread integer := 0;
  v_read_count integer := 0;
begin
  for v_row in select e.id, e.title, e.start_date, e.end_date, e.time from public.events e order by e.start_date, e.title loop
    v_read := private.read_time_text(v_row.time);
    if not v_read.readable
      or (v_read.end_time is not null and coalesce(v_row.end_date, v_row.start_date) is not distinct from v_row.start_date
          and v_read.end_time <= v_read.start_time) then
      v_unread := v_unread + 1;
      raise warning 'event_times: time of event % (%) not read, it has no time now: %',
        v_row.id, v_row.title, v_row.time;
      continue;
    end if;
    if v_read.start_time is not null then
      v_read_count := v_read_count + 1;
    end if;
    update public.events e
       set start_time = v_read.start_time, end_time = v_read.end_time
     where e.id = v_row.id;
  end loop;
  raise notice 'event_times: % event times read, % not read', v_read_count, v_unread;
end;
$$;

drop function private.read_time_text(text);

-- The site rebuild trigger names the columns the pages show: the text goes, the two times come.
drop trigger events_site_rebuild_update on public.events;

alter table public.events drop column time;

alter table public.events
  add constraint events_times_check check (
    (end_time is null or start_time is not null)
    and (end_time is null or end_date > start_date or end_time > start_time)
  );

create trigger events_site_rebuild_update
after update on public.events
for each row
when (
  (old.status = 'published' or new.status = 'published')
  and (old.status, old.slug, old.title, old.subtitle, old.description, old.category, old.start_date,
       old.end_date, old.start_time, old.end_time, old.location, old.price, old.max_participants,
       old.image_url, old.payment_methods, old.is_sold_out, old.is_cancelled, old.bring_along)
      is distinct from
      (new.status, new.slug, new.title, new.subtitle, new.description, new.category, new.start_date,
       new.end_date, new.start_time, new.end_time, new.location, new.price, new.max_participants,
       new.image_url, new.payment_methods, new.is_sold_out, new.is_cancelled, new.bring_along)
)
execute function private.request_site_rebuild();

-- ---------------------------------------------------------------------------------------------
-- The one function that turns the columns into instants
-- ---------------------------------------------------------------------------------------------

-- Start, end and the free-cancellation deadline of an event as instants. starts_at: start_date at
-- start_time (midnight without a time), null without a date; ends_at: the end day at end_time,
-- null without an end time; the deadline: cancellation_deadline_hours before the start.
create function private.event_schedule(
  e public.events,
  out starts_at timestamptz,
  out ends_at timestamptz,
  out cancellation_deadline timestamptz
)
language sql
stable
set search_path = ''
as $$
  select
    s.starts_at,
    (coalesce(e.end_date, e.start_date) + e.end_time) at time zone 'Europe/Zurich',
    s.starts_at - make_interval(hours => e.cancellation_deadline_hours)
  from (select (e.start_date + coalesce(e.start_time, time '00:00')) at time zone 'Europe/Zurich' as starts_at) s
$$;

revoke all on function private.event_schedule(public.events) from public;

create or replace function private.cancellation_deadline(e public.events)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select (private.event_schedule(e)).cancellation_deadline
$$;

drop function private.event_starts_at(date, text);

-- ---------------------------------------------------------------------------------------------
-- Payloads and answers carry the two times ('HH:MM' or null) instead of the text
-- ---------------------------------------------------------------------------------------------

drop function public.admin_notify_event_changed(uuid, date, date, text, text, text);

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
      'paymentStatus', p.payment_status,
      'notes', p.notes,
      'persons', p.persons,
      'answers', p.answers
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
    )
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$function$;

CREATE OR REPLACE FUNCTION private.event_notice_payload(p_event_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'id', e.id,
    'title', e.title,
    'startDate', e.start_date,
    'endDate', e.end_date,
    'startTime', to_char(e.start_time, 'HH24:MI'),
    'endTime', to_char(e.end_time, 'HH24:MI'),
    'location', e.location
  )
  from public.events e
  where e.id = p_event_id
$function$;

CREATE OR REPLACE FUNCTION private.waitlist_mail_payload(p_entry_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'entry', jsonb_build_object(
      'id', w.id, 'name', w.name, 'email', w.email, 'persons', w.persons,
      'position', private.waitlist_position(w.id),
      'offerExpiresAt', w.offer_expires_at,
      'offerHours', (extract(epoch from private.waitlist_offer_validity()) / 3600)::integer
    ),
    'event', jsonb_build_object(
      'title', e.title, 'slug', e.slug, 'startDate', e.start_date, 'endDate', e.end_date,
      'startTime', to_char(e.start_time, 'HH24:MI'), 'endTime', to_char(e.end_time, 'HH24:MI'),
      'location', e.location, 'price', e.price
    )
  )
  from public.waitlist_entries w
  join public.events e on e.id = w.event_id
  where w.id = p_entry_id
$function$;

CREATE OR REPLACE FUNCTION public.admin_clone_event(p_event_id uuid)
 RETURNS events
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_copy public.events%rowtype;
begin
  perform private.require_admin();
  insert into public.events (
    title, subtitle, description, category, start_date, end_date, start_time, end_time, location,
    price,
    max_participants, status, image_url, payment_methods, is_sold_out, is_cancelled, bring_along,
    max_persons_per_booking, cancellation_deadline_hours, questions, min_age, max_age
  )
  select
    -- The title limit is 200 characters; a long title is shortened to make room for the suffix.
    left(e.title, 200 - char_length(' (Kopie)')) || ' (Kopie)',
    e.subtitle, e.description, e.category, e.start_date, e.end_date, e.start_time, e.end_time,
    e.location, e.price,
    e.max_participants, 'draft', e.image_url, e.payment_methods, false, false, e.bring_along,
    e.max_persons_per_booking, e.cancellation_deadline_hours, e.questions, e.min_age, e.max_age
  from public.events e
  where e.id = p_event_id
  returning * into v_copy;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  return v_copy;
end;
$function$;

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
  v_deadline timestamptz;
  v_active boolean;
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
  v_deadline := private.cancellation_deadline(v_event);
  v_active := private.holds_seats(v_participant.payment_status);
  return jsonb_build_object(
    'status', 'valid',
    'reference', v_participant.reference,
    'name', v_participant.name,
    'email', v_participant.email,
    'persons', v_participant.persons,
    'payment_method', v_participant.payment_method,
    'payment_status', v_participant.payment_status,
    -- The visitor's own answers, each with the question's text as booked.
    'answers', v_participant.answers,
    'state', case
      when v_participant.payment_status = 'refunded' then 'refunded'
      when v_participant.hold_released_at is not null then 'expired'
      when v_participant.payment_status = 'cancelled' then 'cancelled'
      when v_participant.payment_status = 'paid' then 'paid'
      when v_participant.payment_method = 'stripe' then 'open'
      else 'pending'
    end,
    'amount_cents', coalesce(v_participant.amount_paid_cents, private.registration_amount_cents(v_participant.id)),
    'event', jsonb_build_object(
      'title', v_event.title,
      'slug', v_event.slug,
      'description', v_event.description,
      'start_date', v_event.start_date,
      'end_date', v_event.end_date,
      'start_time', to_char(v_event.start_time, 'HH24:MI'),
      'end_time', to_char(v_event.end_time, 'HH24:MI'),
      'location', v_event.location,
      'price', v_event.price,
      'bring_along', v_event.bring_along,
      'is_cancelled', v_event.is_cancelled,
      'cancellation_deadline_hours', v_event.cancellation_deadline_hours
    ),
    'deadline', v_deadline,
    'can_change', v_active and not v_event.is_cancelled and (v_deadline is null or now() < v_deadline)
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.waitlist_link(p_token text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'kind', case when w.offer_token_hash = private.token_hash(p_token) then 'offer' else 'leave' end,
    'status', case
      when w.status = 'offered' and w.offer_expires_at <= now() then 'expired'
      else w.status
    end,
    'position', private.waitlist_position(w.id),
    'persons', w.persons,
    'offer_expires_at', w.offer_expires_at,
    -- The token holder's own answers ({question id: text}), as given on joining.
    'answers', w.answers,
    'event', jsonb_build_object(
      'title', e.title, 'slug', e.slug, 'start_date', e.start_date, 'end_date', e.end_date,
      'start_time', to_char(e.start_time, 'HH24:MI'), 'end_time', to_char(e.end_time, 'HH24:MI'),
      'location', e.location, 'price', e.price,
      'payment_methods', to_jsonb(e.payment_methods), 'is_cancelled', e.is_cancelled,
      'questions', e.questions
    )
  )
  from public.waitlist_entries w
  join public.events e on e.id = w.event_id
  where p_token is not null and char_length(p_token) = 64
    and (w.leave_token_hash = private.token_hash(p_token)
      or w.offer_token_hash = private.token_hash(p_token))
  limit 1
$function$;

CREATE OR REPLACE FUNCTION public.admin_notify_event_changed(p_event_id uuid, p_old_start_date date DEFAULT NULL::date, p_old_end_date date DEFAULT NULL::date, p_old_start_time time without time zone DEFAULT NULL::time without time zone, p_old_end_time time without time zone DEFAULT NULL::time without time zone, p_old_location text DEFAULT ''::text, p_message text DEFAULT ''::text)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_event public.events%rowtype;
  v_message text;
  v_before jsonb;
  v_recipient record;
  v_payload jsonb;
  v_count integer := 0;
begin
  perform private.require_admin();
  v_message := private.checked_notice_message(p_message);
  select * into v_event from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if v_event.is_cancelled then
    raise exception 'EVENT_CANCELLED';
  end if;
  if v_event.start_date is not distinct from p_old_start_date
    and v_event.end_date is not distinct from p_old_end_date
    and v_event.start_time is not distinct from p_old_start_time
    and v_event.end_time is not distinct from p_old_end_time
    and v_event.location is not distinct from coalesce(p_old_location, '') then
    raise exception 'NOTHING_CHANGED';
  end if;
  v_before := jsonb_build_object(
    'startDate', p_old_start_date,
    'endDate', p_old_end_date,
    'startTime', to_char(p_old_start_time, 'HH24:MI'),
    'endTime', to_char(p_old_end_time, 'HH24:MI'),
    'location', coalesce(p_old_location, '')
  );
  for v_recipient in select * from private.event_notice_recipients(p_event_id) loop
    v_payload := jsonb_build_object(
      'name', v_recipient.name,
      'waitlist', v_recipient.participant_id is null,
      'message', v_message,
      'before', v_before,
      'event', private.event_notice_payload(p_event_id)
    );
    if v_recipient.participant_id is not null then
      v_payload := v_payload || jsonb_build_object(
        'reference', (select p.reference from public.participants p where p.id = v_recipient.participant_id),
        'manageToken', private.mint_manage_token(v_recipient.participant_id)
      );
    end if;
    perform private.enqueue_mail('event_changed', v_recipient.email, v_payload, v_recipient.participant_id);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$function$;

revoke all on function public.admin_notify_event_changed(uuid, date, date, time, time, text, text) from public, anon;
grant execute on function public.admin_notify_event_changed(uuid, date, date, time, time, text, text) to authenticated, service_role;
