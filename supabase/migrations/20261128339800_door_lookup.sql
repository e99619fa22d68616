-- Issue 28, the scanner at the door: a scanned ticket is first looked up (admin_ticket_booking:
-- who, how many persons, how many are in, what is open), so staff can check in some of a group;
-- admin_check_in_ticket then checks in. Both share the ticket's checks (private.door_booking)
-- and the answer (private.door_answer).

create function private.door_booking(p_code text, p_event_id uuid, p_lock boolean)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_id uuid;
  v_row public.participants;
  v_other text;
begin
  v_id := private.ticket_participant(p_code);
  if v_id is null then
    raise exception 'TICKET_INVALID';
  end if;
  if p_lock then
    begin
      v_row := private.lock_booking(v_id);
    exception when raise_exception then
      if sqlerrm = 'PARTICIPANT_NOT_FOUND' then
        raise exception 'TICKET_BOOKING_GONE';
      end if;
      raise;
    end;
  else
    select * into v_row from public.participants p where p.id = v_id;
    if v_row.id is null then
      raise exception 'TICKET_BOOKING_GONE';
    end if;
  end if;
  if v_row.anonymised_at is not null then
    raise exception 'TICKET_BOOKING_GONE';
  end if;
  if not private.holds_seats(v_row.status) then
    raise exception 'PARTICIPANT_CANCELLED';
  end if;
  -- Scanned at another event's door (the wrong evening, or the next date of a series): nothing
  -- changes, and the message names the ticket's event.
  if p_event_id is not null and v_row.event_id <> p_event_id then
    select e.title || coalesce(', ' || to_char(e.start_date, 'DD.MM.YYYY'), '') into v_other
      from public.events e where e.id = v_row.event_id;
    raise exception 'TICKET_OTHER_EVENT' using detail = v_other;
  end if;
  return v_row;
end;
$function$;
revoke all on function private.door_booking(text, uuid, boolean) from public;

-- Persons already in: none before the first check-in; all while checked in without a count (the
-- manual tick means the whole booking).
create function private.door_persons_in(p_row public.participants)
 returns integer
 language sql
 immutable
 set search_path to ''
as $function$
  select case when p_row.checked_in_at is null then 0
              else coalesce(p_row.checked_in_persons, p_row.persons) end
$function$;
revoke all on function private.door_persons_in(public.participants) from public;

create function private.door_answer(p_row public.participants, p_already boolean)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select jsonb_build_object(
    'participant_id', p_row.id,
    'event_id', p_row.event_id,
    'reference', p_row.reference,
    'name', p_row.name,
    'persons', p_row.persons,
    'checked_in_persons', private.door_persons_in(p_row),
    'already_checked_in', p_already,
    'checked_in_at', p_row.checked_in_at,
    'checked_in_time', to_char(p_row.checked_in_at at time zone 'Europe/Zurich', 'HH24:MI'),
    -- What is still to collect at the door (an on-site payment, an unpaid invoice).
    'payment_method', p_row.payment_method,
    'open_cents', (private.booking_money(p_row.id)).open_cents)
$function$;
revoke all on function private.door_answer(public.participants, boolean) from public;

create function public.admin_ticket_booking(p_code text, p_event_id uuid default null)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_row public.participants;
begin
  perform private.require_admin();
  v_row := private.door_booking(p_code, p_event_id, false);
  return private.door_answer(v_row, private.door_persons_in(v_row) >= v_row.persons);
end;
$function$;
revoke all on function public.admin_ticket_booking(text, uuid) from public, anon;
grant execute on function public.admin_ticket_booking(text, uuid) to authenticated;
comment on function public.admin_ticket_booking(text, uuid) is
  'The booking a ticket code names, as the door sees it (persons, how many are in, what is open), without checking in; the same refusals as admin_check_in_ticket. Admins only.';

create or replace function public.admin_check_in_ticket(p_code text, p_persons integer default null,
  p_event_id uuid default null)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_before public.participants;
  v_after public.participants;
  v_in integer;
  v_now integer;
begin
  perform private.require_admin();
  v_before := private.door_booking(p_code, p_event_id, true);
  v_in := private.door_persons_in(v_before);
  if v_in >= v_before.persons then
    return private.door_answer(v_before, true);
  end if;
  v_now := coalesce(p_persons, v_before.persons - v_in);
  if v_now < 1 or v_now > v_before.persons - v_in then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  update public.participants p
     set checked_in_at = coalesce(p.checked_in_at, private.now()),
         checked_in_persons = v_in + v_now
   where p.id = v_before.id
  returning * into v_after;
  perform private.write_history(v_before.id, v_before, 'checked_in', 'admin',
    p_note => v_now || ' von ' || v_before.persons || ' Personen (Ticket)');
  return private.door_answer(v_after, false);
end;
$function$;
