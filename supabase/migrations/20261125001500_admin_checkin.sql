-- Check-in on the evening (issue 16): an admin marks a registration present at the door (and
-- can undo it). Presence is stored on the registration; only the function below sets it, after
-- is_admin() (private.require_admin). The check-in view reads the event's registrations through
-- the admins' select policy and counts persons.

alter table public.participants add column checked_in_at timestamptz;

comment on column public.participants.checked_in_at is
  'When an admin marked the registration present at the event (null: not yet). Set by admin_set_checked_in.';

-- Marks a registration present (keeping the first time if it already is) or not present.
-- Only registrations that hold seats can be marked present; clearing is always allowed, so a
-- mistaken mark on a registration cancelled later can still be undone.
create or replace function public.admin_set_checked_in(p_participant_id uuid, p_present boolean)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  if p_present is null then
    raise exception 'INVALID_INPUT' using detail = 'present';
  end if;
  select * into v_participant from public.participants p where p.id = p_participant_id for update;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  if p_present and not private.holds_seats(v_participant.payment_status) then
    raise exception 'PARTICIPANT_CANCELLED';
  end if;

  update public.participants p
     set checked_in_at = case when p_present then coalesce(p.checked_in_at, now()) end
   where p.id = p_participant_id
  returning * into v_participant;
  return v_participant;
end;
$$;

revoke all on function public.admin_set_checked_in(uuid, boolean) from public, anon;
grant execute on function public.admin_set_checked_in(uuid, boolean) to authenticated, service_role;
