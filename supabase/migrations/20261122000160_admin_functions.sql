-- Admin functions. Each checks is_admin() first and raises SQLSTATE 42501 for anybody else
-- (the service role, i.e. edge functions and scripts, passes too); anon may not even call them. They run as security definer so that the participant count
-- and the sold-out flag are kept whatever RLS would let the caller see.

create or replace function private.require_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (public.is_admin() or coalesce(auth.jwt() ->> 'role', '') = 'service_role') then
    raise exception 'permission denied' using errcode = '42501';
  end if;
end;
$$;

revoke all on function private.require_admin() from public;

-- ---------------------------------------------------------------------------------------------
-- Participants
-- ---------------------------------------------------------------------------------------------

-- Admins may add a participant to any event, also beyond capacity (e.g. a guest on a full
-- evening); the count and sold-out flag follow by trigger.
create or replace function public.admin_add_participant(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_status text default 'pending',
  p_payment_method text default 'stripe',
  p_notes text default ''
)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_input record;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
  if p_payment_status is null or p_payment_status not in ('pending', 'paid', 'cancelled', 'refunded') then
    raise exception 'INVALID_INPUT' using detail = 'payment_status';
  end if;
  perform 1 from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;

  insert into public.participants (event_id, name, email, phone, payment_status, payment_method, notes)
  values (p_event_id, v_input.name, v_input.email, v_input.phone, p_payment_status,
    v_input.payment_method, v_input.notes)
  returning * into v_participant;
  return v_participant;
end;
$$;

create or replace function public.admin_set_payment_status(p_participant_id uuid, p_status text)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  if p_status is null or p_status not in ('pending', 'paid', 'cancelled', 'refunded') then
    raise exception 'INVALID_INPUT' using detail = 'status';
  end if;
  update public.participants p
  set payment_status = p_status
  where p.id = p_participant_id
  returning * into v_participant;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  return v_participant;
end;
$$;

-- Deleting a participant that is already gone is not an error (double click, two admins).
create or replace function public.admin_delete_participant(p_participant_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  delete from public.participants p where p.id = p_participant_id;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Events
-- ---------------------------------------------------------------------------------------------

-- Spec §7: a copy with title + ' (Kopie)', status draft, no participants, both flags false.
-- The copy gets its own slug from the trigger.
create or replace function public.admin_clone_event(p_event_id uuid)
returns public.events
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_copy public.events%rowtype;
begin
  perform private.require_admin();
  insert into public.events (
    title, subtitle, description, category, start_date, end_date, time, location, price,
    max_participants, status, image_url, payment_methods, is_sold_out, is_cancelled, bring_along
  )
  select
    -- The title limit is 200 characters; a long title is shortened to make room for the suffix.
    left(e.title, 200 - char_length(' (Kopie)')) || ' (Kopie)',
    e.subtitle, e.description, e.category, e.start_date, e.end_date, e.time, e.location, e.price,
    e.max_participants, 'draft', e.image_url, e.payment_methods, false, false, e.bring_along
  from public.events e
  where e.id = p_event_id
  returning * into v_copy;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  return v_copy;
end;
$$;

-- Participants first (spec §6), then the event; an event already gone is not an error.
create or replace function public.admin_delete_event(p_event_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  delete from public.participants p where p.event_id = p_event_id;
  delete from public.events e where e.id = p_event_id;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Dashboard statistics (spec §9)
--   total_events         all events
--   upcoming_events      start date today (Zurich) or later
--   unique_participants  distinct e-mail addresses (case-insensitive) over all registrations
--   revenue              sum of price x current participants over all events
--   occupancy_percent    participants / capacity of this year's events that are neither
--                        cancelled nor archived, rounded to a whole percent (0 when none)
-- ---------------------------------------------------------------------------------------------

create or replace function public.admin_dashboard_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
    'revenue',
      (select coalesce(sum(e.price * e.current_participants), 0)::numeric(12, 2) from public.events e),
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
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants: signed-in users may call (and are refused unless admin); anon may not call at all.
-- ---------------------------------------------------------------------------------------------

revoke all on function public.admin_add_participant(uuid, text, text, text, text, text, text) from public, anon;
revoke all on function public.admin_set_payment_status(uuid, text) from public, anon;
revoke all on function public.admin_delete_participant(uuid) from public, anon;
revoke all on function public.admin_clone_event(uuid) from public, anon;
revoke all on function public.admin_delete_event(uuid) from public, anon;
revoke all on function public.admin_dashboard_stats() from public, anon;

grant execute on function public.admin_add_participant(uuid, text, text, text, text, text, text)
  to authenticated, service_role;
grant execute on function public.admin_set_payment_status(uuid, text) to authenticated, service_role;
grant execute on function public.admin_delete_participant(uuid) to authenticated, service_role;
grant execute on function public.admin_clone_event(uuid) to authenticated, service_role;
grant execute on function public.admin_delete_event(uuid) to authenticated, service_role;
grant execute on function public.admin_dashboard_stats() to authenticated, service_role;
