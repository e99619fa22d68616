-- Issue 28: the dashboard splits each event's booked persons by ticket type ("Erwachsene 12 ·
-- Kinder 5"). Per type of the given events, the persons of the bookings that hold seats (the same
-- count as a type's capacity check, private.ticket_type_taken); events without types give no row.

create function public.admin_event_ticket_counts(p_event_ids uuid[])
returns table(event_id uuid, name text, persons integer)
language plpgsql
stable security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_event_ids is null or cardinality(p_event_ids) > 100 then
    raise exception 'INVALID_INPUT' using detail = 'event_ids';
  end if;
  return query
    select t.event_id, t.name, private.ticket_type_taken(t.id)
      from public.event_ticket_types t
     where t.event_id = any (p_event_ids)
     order by t.event_id, t.position, t.name;
end;
$$;
revoke all on function public.admin_event_ticket_counts(uuid[]) from anon, public;
grant execute on function public.admin_event_ticket_counts(uuid[]) to authenticated, service_role;
comment on function public.admin_event_ticket_counts(uuid[]) is
  'Admins: per ticket type of the given events (at most 100), the persons booked (bookings holding seats), in the types'' order; no row for an event without types.';
