-- Review finding: a ticket type's capacity was checked twice (booking and staff changes in
-- private.checked_tickets, moves in private.move_booking_tickets). One helper now: the count fits
-- in what the type has left, counting back what the booking itself already holds of it.

create function private.check_ticket_type_room(p_type_id uuid, p_count integer, p_own_booking uuid)
returns void
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_type public.event_ticket_types;
  v_left integer;
begin
  select * into v_type from public.event_ticket_types t where t.id = p_type_id;
  if v_type.capacity is null then
    return;
  end if;
  v_left := v_type.capacity - private.ticket_type_taken(v_type.id) + coalesce((
    select t.persons from public.booking_tickets t
     where t.participant_id = p_own_booking and t.ticket_type_id = v_type.id), 0);
  -- DETAIL names the type and what it has left, so the form can say so.
  if p_count > v_left then
    raise exception 'TICKET_TYPE_SOLD_OUT' using detail = v_type.name || ': ' || greatest(v_left, 0)::text;
  end if;
end;
$$;
revoke all on function private.check_ticket_type_room(uuid, integer, uuid) from public;

CREATE OR REPLACE FUNCTION private.checked_tickets(p_event public.events, p_tickets jsonb, p_override boolean DEFAULT false, p_own_booking uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_lines jsonb := '[]'::jsonb;
  v_type public.event_ticket_types;
  v_count integer;
begin
  if not exists (select 1 from public.event_ticket_types t where t.event_id = p_event.id) then
    if p_tickets is not null and p_tickets <> '{}'::jsonb then
      raise exception 'INVALID_INPUT' using detail = 'tickets';
    end if;
    return null;
  end if;
  if p_tickets is null or jsonb_typeof(p_tickets) <> 'object' or exists (
    select 1 from jsonb_each(p_tickets) j
     where jsonb_typeof(j.value) <> 'number' or j.value::text !~ '^[0-9]{1,3}$'
        or not exists (select 1 from public.event_ticket_types t
                        where t.event_id = p_event.id and t.id::text = j.key)
  ) then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  for v_type in
    select * from public.event_ticket_types t where t.event_id = p_event.id order by t.position, t.name
  loop
    v_count := coalesce((p_tickets ->> v_type.id::text)::integer, 0);
    if v_count = 0 then
      continue;
    end if;
    if not coalesce(p_override, false) then
      perform private.check_ticket_type_room(v_type.id, v_count, p_own_booking);
    end if;
    v_lines := v_lines || jsonb_build_object('ticket_type_id', v_type.id, 'name', v_type.name,
      'price_cents', (round(v_type.price * 100))::integer, 'persons', v_count, 'position', v_type.position);
  end loop;
  if jsonb_array_length(v_lines) = 0 then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  return v_lines;
end;
$function$;


CREATE OR REPLACE FUNCTION private.move_booking_tickets(p_participant_id uuid, p_target public.events, p_override boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_typed boolean := exists (select 1 from public.booking_tickets t
                              where t.participant_id = p_participant_id and t.persons > 0);
  v_row record;
begin
  if not v_typed then
    if exists (select 1 from public.event_ticket_types y where y.event_id = p_target.id) then
      raise exception 'TICKET_TYPES_DIFFER';
    end if;
    return;
  end if;
  for v_row in
    select t.name, t.persons, y.id as type_id, y.price
      from public.booking_tickets t
      left join public.event_ticket_types y on y.event_id = p_target.id and y.name = t.name
     where t.participant_id = p_participant_id and t.persons > 0
  loop
    if v_row.type_id is null then
      raise exception 'TICKET_TYPES_DIFFER';
    end if;
    if not coalesce(p_override, false) then
      perform private.check_ticket_type_room(v_row.type_id, v_row.persons, null);
    end if;
    update public.booking_tickets t
       set ticket_type_id = v_row.type_id, price_cents = (round(v_row.price * 100))::integer
     where t.participant_id = p_participant_id and t.name = v_row.name;
  end loop;
  -- Types booked at 0 (reduced away) follow by name where they can, else drop.
  delete from public.booking_tickets t
   where t.participant_id = p_participant_id and t.persons = 0
     and not exists (select 1 from public.event_ticket_types y where y.event_id = p_target.id and y.name = t.name);
  update public.booking_tickets t set ticket_type_id = y.id
    from public.event_ticket_types y
   where t.participant_id = p_participant_id and t.persons = 0 and y.event_id = p_target.id and y.name = t.name;
end;
$function$;

