-- Lock retries release what they locked (found by booking-transitions-concurrency: 'deadlock
-- detected' once in several runs). private.lock_booking reads the booking's event, locks it, then
-- locks the booking; when the booking was moved meanwhile it tries again with the new event,
-- but still held the first event's lock: two event locks out of id order, against a move that
-- holds the second and waits for the first. Each attempt is now a subtransaction whose rollback
-- releases its locks; private.move_booking's retry likewise. Bodies as in 20261128100000 and
-- 20261128201000 otherwise.

create or replace function private.lock_booking(p_participant_id uuid)
 RETURNS public.participants
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_event_id uuid;
  v_participant public.participants%rowtype;
begin
  for v_try in 1..5 loop
    select p.event_id into v_event_id from public.participants p where p.id = p_participant_id;
    if not found then
      raise exception 'PARTICIPANT_NOT_FOUND';
    end if;
    -- One attempt is a subtransaction: when the booking moved meanwhile, its rollback releases
    -- the wrong event's lock before the next attempt. Kept, it made the retry take a second
    -- event lock out of id order, and a concurrent move holding that event deadlocked with us.
    begin
      perform 1 from public.events e where e.id = v_event_id for no key update;
      select * into v_participant from public.participants p where p.id = p_participant_id for update;
      if not found then
        raise exception 'PARTICIPANT_NOT_FOUND';
      end if;
      if v_participant.event_id = v_event_id then
        return v_participant;
      end if;
      raise exception using errcode = 'SWR01'; -- retry: moved to another event
    exception when sqlstate 'SWR01' then
      null;
    end;
  end loop;
  raise exception 'PARTICIPANT_CHANGED';
end;
$function$;

create or replace function private.move_booking(p_participant_id uuid, p_event_id uuid, p_override boolean)
 RETURNS public.participants
 LANGUAGE plpgsql
 SET search_path TO ''
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
    -- One attempt is a subtransaction, as in private.lock_booking: a retry must not keep the
    -- previous attempt's event locks (they would be held out of id order).
    begin
      perform 1 from public.events e where e.id in (v_source, p_event_id) order by e.id for no key update;
      select * into v_before from public.participants p where p.id = p_participant_id for update;
      exit when v_before.event_id = v_source;
      raise exception using errcode = 'SWR01'; -- retry: moved to another event
    exception when sqlstate 'SWR01' then
      null;
    end;
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
