-- Reminders the day before an event, and the notices when an admin cancels or changes an event
-- (issue 14, "Reminders and event changes"). All of them are outbox mails (private.enqueue_mail);
-- the texts are the TypeScript templates of supabase/functions/_shared/event-mails.ts.
--
-- This file sorts before 20261125001300 (manage tokens) and 20261125001600 (waiting list) on a
-- fresh database, but only calls what they create when it runs: the functions here that reach
-- private.mint_manage_token or public.waitlist_entries are plpgsql, which resolves names at call
-- time, not when the function is created.

-- ---------------------------------------------------------------------------------------------
-- Mail kinds: one place to add them
-- ---------------------------------------------------------------------------------------------

-- Adds kinds to whatever mail_outbox_kind_check allows now, so the order of migrations cannot
-- drop anybody's kind. Reads both forms the constraint has had: `kind = ANY (ARRAY['a'::text,
-- ...])` (before 20261124001510) and `kind = ANY ('{a,b}'::text[])` (since). Migrations after
-- this one call it instead of copying the block of 20261124001510 / 20261125001600.
create or replace function private.allow_mail_kinds(variadic p_kinds text[])
returns void
language plpgsql
volatile
set search_path = ''
as $$
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
  v_kinds := array(select distinct k from unnest(v_kinds || p_kinds) as k order by k);
  alter table public.mail_outbox drop constraint mail_outbox_kind_check;
  execute format(
    'alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind = any (%L::text[]))',
    v_kinds
  );
end;
$$;

revoke all on function private.allow_mail_kinds(text[]) from public;

select private.allow_mail_kinds('event_reminder', 'event_cancelled', 'event_changed');

-- ---------------------------------------------------------------------------------------------
-- Dead code: payments' 20261124001400 redefined the old count functions after 20261124001300
-- had pointed the triggers at private.events_count_persons / participants_touch_event_seats, so
-- no trigger has called these since.
-- ---------------------------------------------------------------------------------------------

drop function private.events_count_participants();
drop function private.participants_touch_event();

-- ---------------------------------------------------------------------------------------------
-- Reminders
-- ---------------------------------------------------------------------------------------------

-- When the reminders for tomorrow's events go out, Swiss time. A named constant: change it here
-- (a new migration redefining this function) and the schedule follows.
create or replace function private.reminder_time()
returns time
language sql
immutable
set search_path = ''
as $$ select time '18:00' $$;

revoke all on function private.reminder_time() from public;

-- Exactly one reminder per booking and event date, whoever runs the schedule how often. The
-- payload's `reminder` names what it reminds of: a booking moved to another event or date gets
-- its reminder for that one.
create unique index mail_outbox_one_reminder_idx
  on public.mail_outbox (participant_id, (payload #>> '{reminder,eventId}'), (payload #>> '{reminder,startDate}'))
  where kind = 'event_reminder';

-- Queues the reminders for the published, not cancelled events that start tomorrow (Zurich),
-- once it is reminder_time() or later in Zurich; bookings that hold seats only (no cancelled or
-- refunded ones). Each mail carries a fresh manage token (only its hash is stored). Returns the
-- number of mails queued. p_now is for tests; the schedule calls it without arguments.
create or replace function public.send_event_reminders(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_local timestamp := p_now at time zone 'Europe/Zurich';
  v_booking record;
  v_count integer := 0;
begin
  if v_local::time < private.reminder_time() then
    return 0;
  end if;
  -- Two runs at once (the schedule and a manual run) queue each reminder once: the second waits
  -- here and then finds the first one's mails.
  perform pg_advisory_xact_lock(hashtext('public.send_event_reminders'));
  for v_booking in
    select p.id, p.email, e.id as event_id, e.start_date
      from public.events e
      join public.participants p on p.event_id = e.id
     where e.start_date = v_local::date + 1
       and e.status = 'published'
       and not e.is_cancelled
       and private.holds_seats(p.payment_status)
       and not exists (
         select 1 from public.mail_outbox o
          where o.kind = 'event_reminder'
            and o.participant_id = p.id
            and o.payload #>> '{reminder,eventId}' = e.id::text
            and o.payload #>> '{reminder,startDate}' = e.start_date::text
       )
     order by p.registration_date, p.id
  loop
    perform private.enqueue_mail(
      'event_reminder',
      v_booking.email,
      private.booking_mail_payload(v_booking.id) || jsonb_build_object(
        'reminder', jsonb_build_object('eventId', v_booking.event_id, 'startDate', v_booking.start_date),
        'manageToken', private.mint_manage_token(v_booking.id)
      ),
      v_booking.id
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

revoke all on function public.send_event_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.send_event_reminders(timestamptz) to service_role;

-- Schedules (or reschedules) a Supabase Cron job by name: the guarded block of 20261124000300,
-- 20261124001400 and 20261125001600 once. Where pg_cron is not available (a plain Postgres) it
-- does nothing and the migration still applies; the local stack emulates pg_cron, so its
-- scheduler runs the job. Migrations after this one schedule with it.
create or replace function private.schedule_job(p_name text, p_schedule text, p_command text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule(p_name, p_schedule, p_command);
  end if;
end;
$$;

revoke all on function private.schedule_job(text, text, text) from public;

-- Every five minutes: Supabase Cron runs in UTC; the function itself waits for 18:00 in Zurich,
-- summer and winter.
select private.schedule_job('send-event-reminders', '*/5 * * * *', 'select public.send_event_reminders()');

-- ---------------------------------------------------------------------------------------------
-- Event cancelled / changed: the admin's notices
-- ---------------------------------------------------------------------------------------------

-- Who hears about an event: the bookings that hold seats and the waiting list (waiting or
-- offered), one row per address (a booking wins over a waiting-list entry, the earliest first).
create or replace function private.event_notice_recipients(p_event_id uuid)
returns table (email text, name text, participant_id uuid, paid boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select distinct on (lower(r.email)) r.email, r.name, r.participant_id, r.paid
    from (
      select p.email, p.name, p.id as participant_id, p.payment_status = 'paid' as paid,
             0 as rank, p.registration_date as since
        from public.participants p
       where p.event_id = p_event_id and private.holds_seats(p.payment_status)
      union all
      select w.email, w.name, null::uuid, false, 1, w.created_at
        from public.waitlist_entries w
       where w.event_id = p_event_id and w.status in ('waiting', 'offered')
    ) r
   order by lower(r.email), r.rank, r.since;
end;
$$;

revoke all on function private.event_notice_recipients(uuid) from public;

-- The event as the notices show it.
create or replace function private.event_notice_payload(p_event_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', e.id,
    'title', e.title,
    'startDate', e.start_date,
    'endDate', e.end_date,
    'time', e.time,
    'location', e.location
  )
  from public.events e
  where e.id = p_event_id
$$;

revoke all on function private.event_notice_payload(uuid) from public;

-- The admin's optional personal words in a notice.
create or replace function private.checked_notice_message(p_message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if char_length(coalesce(p_message, '')) > 5000 then
    raise exception 'INVALID_INPUT' using detail = 'message';
  end if;
  return btrim(coalesce(p_message, ''));
end;
$$;

revoke all on function private.checked_notice_message(text) from public;

-- 'Event absagen' with "tell them": one German cancellation mail to every address that booked or
-- waits, for an event the admin has cancelled (is_cancelled). Calling it again mails only
-- addresses that have not had this event's cancellation yet. Returns the number of mails.
create or replace function public.admin_notify_event_cancelled(p_event_id uuid, p_message text default '')
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event public.events%rowtype;
  v_message text;
  v_recipient record;
  v_count integer := 0;
begin
  perform private.require_admin();
  v_message := private.checked_notice_message(p_message);
  select * into v_event from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if not v_event.is_cancelled then
    raise exception 'EVENT_NOT_CANCELLED';
  end if;
  for v_recipient in select * from private.event_notice_recipients(p_event_id) loop
    continue when exists (
      select 1 from public.mail_outbox o
       where o.kind = 'event_cancelled'
         and o.payload #>> '{event,id}' = p_event_id::text
         and lower(o.recipient) = lower(v_recipient.email)
    );
    perform private.enqueue_mail(
      'event_cancelled',
      v_recipient.email,
      jsonb_build_object(
        'name', v_recipient.name,
        'paid', v_recipient.paid,
        'waitlist', v_recipient.participant_id is null,
        'message', v_message,
        'event', private.event_notice_payload(p_event_id)
      ),
      v_recipient.participant_id
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

revoke all on function public.admin_notify_event_cancelled(uuid, text) from public, anon;
grant execute on function public.admin_notify_event_cancelled(uuid, text) to authenticated, service_role;

-- After a save that changed the date, time or place: one change notice (old -> new) to every
-- address that booked or waits. The caller passes the values from before the save; only what
-- differs from the event now is announced (NOTHING_CHANGED when nothing does). Bookings get a
-- manage link, so whoever cannot come any more can cancel. Returns the number of mails.
create or replace function public.admin_notify_event_changed(
  p_event_id uuid,
  p_old_start_date date,
  p_old_end_date date,
  p_old_time text,
  p_old_location text,
  p_message text default ''
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
    and v_event.time is not distinct from coalesce(p_old_time, '')
    and v_event.location is not distinct from coalesce(p_old_location, '') then
    raise exception 'NOTHING_CHANGED';
  end if;
  v_before := jsonb_build_object(
    'startDate', p_old_start_date,
    'endDate', p_old_end_date,
    'time', coalesce(p_old_time, ''),
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
$$;

revoke all on function public.admin_notify_event_changed(uuid, date, date, text, text, text) from public, anon;
grant execute on function public.admin_notify_event_changed(uuid, date, date, text, text, text)
  to authenticated, service_role;
