-- Dashboard charts (issue 16): registrations and revenue per week for the last weeks, and the
-- occupancy of each upcoming event. Both count persons (a registration books `persons` seats)
-- and only registrations that hold seats (private.holds_seats: not cancelled, not refunded).
-- Weeks and "today" are the provider's: Monday-based weeks in Europe/Zurich.

-- One row per week, oldest first, the current week last; weeks without bookings give zeros.
-- Revenue is what the week's bookings are worth: the amount paid online where there is one,
-- otherwise price times persons (private.registration_amount_cents), as the spec's revenue
-- figure counts booked seats.
create or replace function public.admin_weekly_bookings(p_weeks integer default 12)
returns table (week_start date, registrations integer, persons integer, revenue_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_this_week date := date_trunc('week', now() at time zone 'Europe/Zurich')::date;
begin
  perform private.require_admin();
  if p_weeks is null or p_weeks not between 1 and 104 then
    raise exception 'INVALID_INPUT' using detail = 'weeks';
  end if;
  return query
  with weeks as (
    select (v_this_week - 7 * n)::date as week_start
    from generate_series(0, p_weeks - 1) as n
  ),
  booked as (
    select date_trunc('week', p.created_at at time zone 'Europe/Zurich')::date as week_start,
           p.persons,
           coalesce(p.amount_paid_cents, private.registration_amount_cents(p.id)) as amount_cents
    from public.participants p
    where p.created_at >= (v_this_week - 7 * (p_weeks - 1))::timestamp at time zone 'Europe/Zurich'
      and private.holds_seats(p.payment_status)
  )
  select w.week_start,
         count(b.week_start)::integer,
         coalesce(sum(b.persons), 0)::integer,
         coalesce(sum(b.amount_cents), 0)::bigint
  from weeks w
  left join booked b on b.week_start = w.week_start
  group by w.week_start
  order by w.week_start;
end;
$$;

-- Upcoming events (from today, not archived, not cancelled), soonest first, with the persons
-- booked and the capacity.
create or replace function public.admin_event_occupancy(p_limit integer default 10)
returns table (
  event_id uuid,
  title text,
  start_date date,
  booked_persons integer,
  max_participants integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_limit is null or p_limit not between 1 and 50 then
    raise exception 'INVALID_INPUT' using detail = 'limit';
  end if;
  return query
  select e.id, e.title, e.start_date, e.current_participants, e.max_participants
  from public.events e
  where e.start_date >= (now() at time zone 'Europe/Zurich')::date
    and e.status <> 'archived'
    and not e.is_cancelled
  order by e.start_date, e.title
  limit p_limit;
end;
$$;

revoke all on function public.admin_weekly_bookings(integer) from public, anon;
revoke all on function public.admin_event_occupancy(integer) from public, anon;
grant execute on function public.admin_weekly_bookings(integer) to authenticated, service_role;
grant execute on function public.admin_event_occupancy(integer) to authenticated, service_role;
