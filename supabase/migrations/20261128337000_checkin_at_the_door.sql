-- Issue 28, at the door: the scanner names the event it scans for, so a ticket for another
-- evening is refused (TICKET_OTHER_EVENT, DETAIL the ticket's event and date) instead of being
-- checked in; and the answer says what is still to collect (open_cents, payment_method).

drop function public.admin_check_in_ticket(text, integer);

CREATE FUNCTION public.admin_check_in_ticket(p_code text, p_persons integer DEFAULT NULL::integer, p_event_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id uuid;
  v_before public.participants%rowtype;
  v_after public.participants%rowtype;
  v_in integer;
  v_now integer;
  v_already boolean;
  v_other text;
  v_money record;
begin
  perform private.require_admin();
  v_id := private.ticket_participant(p_code);
  if v_id is null then
    raise exception 'TICKET_INVALID';
  end if;
  begin
    v_before := private.lock_booking(v_id);
  exception when raise_exception then
    if sqlerrm = 'PARTICIPANT_NOT_FOUND' then
      raise exception 'TICKET_BOOKING_GONE';
    end if;
    raise;
  end;
  if v_before.anonymised_at is not null then
    raise exception 'TICKET_BOOKING_GONE';
  end if;
  if not private.holds_seats(v_before.status) then
    raise exception 'PARTICIPANT_CANCELLED';
  end if;
  -- Scanned at another event's door (the wrong evening, or the next date of a series): nothing
  -- changes, and the message names the ticket's event.
  if p_event_id is not null and v_before.event_id <> p_event_id then
    select e.title || coalesce(', ' || to_char(e.start_date, 'DD.MM.YYYY'), '') into v_other
      from public.events e where e.id = v_before.event_id;
    raise exception 'TICKET_OTHER_EVENT' using detail = v_other;
  end if;
  v_in := case when v_before.checked_in_at is null then 0
               else coalesce(v_before.checked_in_persons, v_before.persons) end;
  v_already := v_in >= v_before.persons;
  v_after := v_before;
  if not v_already then
    v_now := coalesce(p_persons, v_before.persons - v_in);
    if v_now < 1 or v_now > v_before.persons - v_in then
      raise exception 'INVALID_INPUT' using detail = 'persons';
    end if;
    update public.participants p
       set checked_in_at = coalesce(p.checked_in_at, private.now()),
           checked_in_persons = v_in + v_now
     where p.id = v_id
    returning * into v_after;
    perform private.write_history(v_id, v_before, 'checked_in', 'admin',
      p_note => v_now || ' von ' || v_before.persons || ' Personen (Ticket)');
  end if;
  select * into v_money from private.booking_money(v_id);
  return jsonb_build_object(
    'participant_id', v_after.id,
    'event_id', v_after.event_id,
    'reference', v_after.reference,
    'name', v_after.name,
    'persons', v_after.persons,
    'checked_in_persons', coalesce(v_after.checked_in_persons, v_after.persons),
    'already_checked_in', v_already,
    'checked_in_at', v_after.checked_in_at,
    'checked_in_time', to_char(v_after.checked_in_at at time zone 'Europe/Zurich', 'HH24:MI'),
    -- What is still to collect at the door (an on-site payment, an unpaid invoice).
    'payment_method', v_after.payment_method,
    'open_cents', v_money.open_cents);
end;
$function$;

revoke all on function public.admin_check_in_ticket(text, integer, uuid) from public, anon;
grant execute on function public.admin_check_in_ticket(text, integer, uuid) to authenticated;
comment on function public.admin_check_in_ticket(text, integer, uuid) is
  'Checks in all (p_persons null) or some persons of the booking a ticket code names; a second scan answers already_checked_in with the first time. With p_event_id, a ticket of another event is refused (TICKET_OTHER_EVENT). Admins only.';

insert into public.error_codes (code, visitor_message, admin_message) values
  ('TICKET_OTHER_EVENT', null, 'Dieses Ticket gilt für ein anderes Event.');
