-- Editing a registration's persons from the admin (issue 16). admin_update_participant takes
-- p_persons (null keeps the persons, so a caller written for 20261124001520 keeps working).
-- More persons on a registration that holds seats need free seats: the event row is locked
-- first, so two changes (or a booking) cannot both take the last seats. Fewer persons always
-- fit; the seats they free are counted by the participants trigger in the same transaction.

drop function public.admin_update_participant(uuid, text, text, text, text);

create or replace function public.admin_update_participant(
  p_participant_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_notes text default '',
  p_persons integer default null
)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_current public.participants%rowtype;
  v_event public.events%rowtype;
  v_input record;
  v_persons integer;
  v_seats_left integer;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  select * into v_current from public.participants p where p.id = p_participant_id;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, v_current.payment_method, p_notes);
  v_persons := coalesce(p_persons, v_current.persons);
  if v_persons not between 1 and 50 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;

  -- The event before the registration, the order every seat-changing path locks in.
  select * into v_event from public.events e where e.id = v_current.event_id for no key update;
  select * into v_current from public.participants p where p.id = p_participant_id for update;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  if v_current.event_id <> v_event.id then
    -- Moved meanwhile: the lock above is on the wrong event.
    raise exception 'PARTICIPANT_CHANGED';
  end if;

  if v_persons > v_current.persons and private.holds_seats(v_current.payment_status) then
    v_seats_left := v_event.max_participants - private.booked_persons(v_event.id);
    if v_persons - v_current.persons > v_seats_left then
      raise exception 'NOT_ENOUGH_SEATS' using detail = greatest(v_seats_left, 0)::text;
    end if;
  end if;

  update public.participants p
     set name = v_input.name, email = v_input.email, phone = v_input.phone, notes = v_input.notes,
         persons = v_persons
   where p.id = p_participant_id
  returning * into v_participant;
  return v_participant;
end;
$$;

revoke all on function public.admin_update_participant(uuid, text, text, text, text, integer) from public, anon;
grant execute on function public.admin_update_participant(uuid, text, text, text, text, integer)
  to authenticated, service_role;
