-- Issue 27: an admin moves a hut booking to another evening, and the evening's rules still hold.
--
-- public.admin_move_booking alone would take any event id; for the hut the target is an evening,
-- so this function checks the day as book_hut_evening does (same day lock, same HUT_* codes from
-- private.hut_evening_state), gets or creates that day's hut event and then moves the booking
-- through admin_move_booking, so history ('moved'), the visitor's mail ('booking_moved') and the
-- money rule (owed = the target event's price x persons; the day's event carries the current
-- group price from private.hut_price_per_person) stay the state machine's.

create or replace function public.admin_move_hut_booking(p_participant_id uuid, p_day date, p_override boolean default false)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_participant public.participants%rowtype;
  v_event public.events%rowtype;
  v_target uuid;
begin
  perform private.require_admin();
  if p_day is null then
    raise exception 'INVALID_INPUT' using detail = 'day';
  end if;
  select * into v_participant from public.participants p where p.id = p_participant_id;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  select * into v_event from public.events e where e.id = v_participant.event_id;
  if v_event.category is distinct from 'fondue' then
    raise exception 'HUT_NOT_A_HUT_BOOKING';
  end if;
  if v_event.start_date = p_day then
    raise exception 'NOTHING_CHANGED';
  end if;
  if not private.holds_seats(v_participant.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_participant.status;
  end if;

  -- The lock of book_hut_evening and admin_block_hut_evening: the state below stays exact until
  -- the move commits, and the day's event is created once.
  perform pg_advisory_xact_lock(hashtextextended('hut_evening:' || p_day::text, 0));
  case private.hut_evening_state(p_day)
    when 'past' then raise exception 'HUT_EVENING_PAST';
    when 'outside_season' then raise exception 'HUT_OUTSIDE_SEASON';
    when 'closed' then raise exception 'HUT_CLOSED_DAY' using detail = extract(isodow from p_day)::text;
    when 'blocked' then raise exception 'HUT_EVENING_BLOCKED';
    when 'booked' then raise exception 'HUT_EVENING_BOOKED';
    else null;
  end case;
  v_target := private.hut_evening_event(p_day, v_participant.persons);
  return public.admin_move_booking(p_participant_id, v_target, p_override);
end;
$$;

revoke all on function public.admin_move_hut_booking(uuid, date, boolean) from anon, public;
grant execute on function public.admin_move_hut_booking(uuid, date, boolean) to authenticated, service_role;

insert into public.error_codes (code, visitor_message, admin_message) values
  ('HUT_NOT_A_HUT_BOOKING',
   null,
   'Diese Buchung gehört zu keinem Fonduehüsli-Abend. Verschieben Sie sie in der Buchung selbst.');
