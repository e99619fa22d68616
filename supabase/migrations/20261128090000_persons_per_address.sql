-- Seats per client address, not requests (issue 25): one address may book at most a few persons
-- per event and hour (the limit itself lives in the register-for-event function,
-- _shared/rate-limit.ts). Requests are counted by hit_rate_limit, which counts every attempt;
-- persons need a counter that only counts what was granted and can give units back when the
-- database then refuses the booking (sold out, e-mail already registered), so an address is not
-- locked out by a booking that never held a seat.

create or replace function public.take_rate_limit_units(
  p_key text, p_units integer, p_limit integer, p_window_seconds integer
) returns boolean
language plpgsql
security definer
set search_path to ''
as $function$
declare
  v_units integer;
begin
  if p_key is null or p_key = '' or p_units is null or p_units < 1 or p_limit < 1 or p_window_seconds < 1 then
    raise exception 'INVALID_INPUT' using detail = 'take_rate_limit_units needs a key, units, a limit and a window';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('hit_rate_limit:' || p_key, 0));

  select l.hits into v_units
    from public.function_rate_limits l
   where l.key = p_key and l.window_start > now() - make_interval(secs => p_window_seconds);

  if not found then
    -- Old windows are useless; dropping them here keeps the table small without a scheduler.
    delete from public.function_rate_limits l
     where l.key = p_key or l.window_start < now() - interval '1 day';
    if p_units > p_limit then
      return false;
    end if;
    insert into public.function_rate_limits (key, window_start, hits) values (p_key, now(), p_units);
    return true;
  end if;

  if v_units + p_units > p_limit then
    return false;
  end if;
  update public.function_rate_limits l
     set hits = l.hits + p_units
   where l.key = p_key and l.window_start > now() - make_interval(secs => p_window_seconds);
  return true;
end;
$function$;

create or replace function public.return_rate_limit_units(p_key text, p_units integer, p_window_seconds integer)
returns void
language plpgsql
security definer
set search_path to ''
as $function$
begin
  if p_key is null or p_units is null or p_units < 1 or p_window_seconds < 1 then
    raise exception 'INVALID_INPUT' using detail = 'return_rate_limit_units needs a key, units and a window';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('hit_rate_limit:' || p_key, 0));
  update public.function_rate_limits l
     set hits = greatest(l.hits - p_units, 0)
   where l.key = p_key and l.window_start > now() - make_interval(secs => p_window_seconds);
end;
$function$;

revoke all on function public.take_rate_limit_units(text, integer, integer, integer) from anon, authenticated, public;
revoke all on function public.return_rate_limit_units(text, integer, integer) from anon, authenticated, public;
grant execute on function public.take_rate_limit_units(text, integer, integer, integer) to service_role;
grant execute on function public.return_rate_limit_units(text, integer, integer) to service_role;

comment on function public.take_rate_limit_units(text, integer, integer, integer) is
  'Grants p_units of a per-window allowance (e.g. persons per address and event) only when they fit; a refusal counts nothing.';
comment on function public.return_rate_limit_units(text, integer, integer) is
  'Gives units back that take_rate_limit_units granted for a booking the database then refused.';
