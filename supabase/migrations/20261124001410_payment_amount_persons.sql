-- Online payment charges every person of a booking (issue 15, with issue 14's
-- participants.persons of 20261124001300): the amount is the event's price times the persons
-- booked, in Rappen. One place: begin_checkout and payment_state read it.
create or replace function private.registration_amount_cents(p_participant_id uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select (round(e.price * 100))::integer * p.persons
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$$;

revoke all on function private.registration_amount_cents(uuid) from public;
