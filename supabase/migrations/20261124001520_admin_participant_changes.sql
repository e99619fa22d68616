-- Participant changes from the admin area (issue 16): edit a registration, move it to another
-- event (atomic, capacity checked), send the confirmation again. Each function checks
-- is_admin() first (private.require_admin); the event counts follow by the participants
-- trigger (20261122000130), in the same transaction.

-- Name, e-mail, phone and notes, with the same checks as a registration. The payment method
-- and state have their own actions.
create or replace function public.admin_update_participant(
  p_participant_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_notes text default ''
)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_current public.participants%rowtype;
  v_input record;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  select * into v_current from public.participants p where p.id = p_participant_id for update;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, v_current.payment_method, p_notes);

  update public.participants p
     set name = v_input.name, email = v_input.email, phone = v_input.phone, notes = v_input.notes
   where p.id = p_participant_id
  returning * into v_participant;
  return v_participant;
end;
$$;

-- Moves a registration to another event. Both event rows are locked (in id order, so two moves
-- in opposite directions cannot deadlock) before the target's seats are counted, so two moves
-- into the last seats cannot both succeed. A registration that holds no seats (cancelled,
-- refunded) may move anywhere; one that does needs seats for all its persons and an event that
-- is not cancelled.
create or replace function public.admin_move_participant(p_participant_id uuid, p_event_id uuid)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_current public.participants%rowtype;
  v_target public.events%rowtype;
  v_taken integer;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  select * into v_current from public.participants p where p.id = p_participant_id;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  if v_current.event_id = p_event_id then
    return v_current;
  end if;

  perform 1 from public.events e
   where e.id in (v_current.event_id, p_event_id)
   order by e.id
   for update;
  select * into v_target from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  -- Read again under the locks: a concurrent change may have moved or cancelled it.
  select * into v_current from public.participants p where p.id = p_participant_id for update;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;

  -- Seats are persons (lifecycle, 20261124001300): the registration's persons must fit.
  if private.holds_seats(v_current.payment_status) then
    if v_target.is_cancelled then
      raise exception 'EVENT_CANCELLED';
    end if;
    v_taken := private.booked_persons(p_event_id);
    if v_taken + v_current.persons > v_target.max_participants then
      raise exception 'EVENT_SOLD_OUT';
    end if;
  end if;

  update public.participants p set event_id = p_event_id where p.id = p_participant_id
  returning * into v_participant;
  return v_participant;
end;
$$;

-- Queues the confirmation mail again (the outbox delivers it, with the event as it is now).
create or replace function public.admin_resend_confirmation(p_participant_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payload jsonb;
begin
  perform private.require_admin();
  v_payload := private.booking_mail_payload(p_participant_id);
  if v_payload is null then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  return private.enqueue_mail(
    'participant_confirmation', v_payload #>> '{participant,email}', v_payload, p_participant_id
  );
end;
$$;

revoke all on function public.admin_update_participant(uuid, text, text, text, text) from public, anon;
revoke all on function public.admin_move_participant(uuid, uuid) from public, anon;
revoke all on function public.admin_resend_confirmation(uuid) from public, anon;
grant execute on function public.admin_update_participant(uuid, text, text, text, text) to authenticated, service_role;
grant execute on function public.admin_move_participant(uuid, uuid) to authenticated, service_role;
grant execute on function public.admin_resend_confirmation(uuid) to authenticated, service_role;
