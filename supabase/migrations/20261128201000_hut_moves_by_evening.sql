-- Issue 27: a hut booking moves only by its evening's rules. admin_move_booking took any event
-- id, so the participant page's 'Verschieben' could put a hut booking onto an ordinary event, or
-- an ordinary booking onto a hut evening, past the season, weekday and block checks of
-- admin_move_hut_booking. The move itself becomes private.move_booking (the body of
-- admin_move_booking as in 20261128111000, without the admin check); admin_move_booking refuses
-- hut events on either side with HUT_MOVE_BY_EVENING, and admin_move_hut_booking calls the move
-- after its own checks.

insert into public.error_codes (code, visitor_message, admin_message) values
  ('HUT_MOVE_BY_EVENING',
   null,
   'Buchungen des Fonduehüsli verschieben Sie im Fonduehüsli-Kalender (Verschieben), damit die Regeln des Abends gelten.');

create or replace function private.move_booking(p_participant_id uuid, p_event_id uuid, p_override boolean)
 returns public.participants
 language plpgsql
 set search_path to ''
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
    perform 1 from public.events e where e.id in (v_source, p_event_id) order by e.id for no key update;
    select * into v_before from public.participants p where p.id = p_participant_id for update;
    exit when v_before.event_id = v_source;
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
revoke all on function private.move_booking(uuid, uuid, boolean) from public;
comment on function private.move_booking(uuid, uuid, boolean) is 'The move transition (both events locked in id order, seats taken, history, the booking_moved mail); called by admin_move_booking and admin_move_hut_booking after their checks.';

create or replace function public.admin_move_booking(p_participant_id uuid, p_event_id uuid, p_override boolean default false)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
begin
  perform private.require_admin();
  -- A hut evening has its own rules (season, weekday, blocks, one group): its bookings move by
  -- admin_move_hut_booking only, and no other booking moves onto it.
  if exists (
    select 1 from public.events e
     where e.category = 'fondue'
       and (e.id = p_event_id
            or e.id = (select p.event_id from public.participants p where p.id = p_participant_id))
  ) then
    raise exception 'HUT_MOVE_BY_EVENING';
  end if;
  return private.move_booking(p_participant_id, p_event_id, p_override);
end;
$$;

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
  return private.move_booking(p_participant_id, v_target, p_override);
end;
$$;
