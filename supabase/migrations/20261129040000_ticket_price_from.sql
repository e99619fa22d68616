-- Issue 28: an event with ticket types shows its lowest price ("ab CHF 25.00") in the listing and
-- on its page. A computed field (PostgREST reads it like a column, as `availability`): the types'
-- own RLS decides what a visitor may read.

create function public.ticket_price_from(e public.events)
 returns numeric
 language sql
 stable
 set search_path to ''
as $function$
  -- A free type (toddlers) is no 'from' price: the lowest paid one is, unless all are free.
  select coalesce(min(t.price) filter (where t.price > 0), min(t.price))
    from public.event_ticket_types t where t.event_id = e.id
$function$;
revoke all on function public.ticket_price_from(public.events) from public;
grant execute on function public.ticket_price_from(public.events) to anon, authenticated, service_role;
comment on function public.ticket_price_from(public.events) is
  'The lowest paid ticket type price of an event (0 when all are free; issue 28); null without types (the event''s price applies).';
