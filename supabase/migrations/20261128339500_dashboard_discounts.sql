-- Issue 28, accounting: the dashboard splits the booked value from what discount codes take off
-- it ('Rabatte'), beside what came in and what is open.

CREATE OR REPLACE FUNCTION public.admin_dashboard_stats()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_today date := private.today_in_zurich();
  v_stats jsonb;
begin
  perform private.require_admin();
  select jsonb_build_object(
    'total_events', (select count(*) from public.events),
    'upcoming_events', (select count(*) from public.events e where e.start_date >= v_today),
    'unique_participants',
      (select count(distinct lower(btrim(p.email))) from public.participants p),
    -- The spec's "Umsatz": price x participants (booked value, "gebucht").
    'revenue',
      (select coalesce(sum(e.price * e.current_participants), 0)::numeric(12, 2) from public.events e),
    'booked_cents',
      (select coalesce(sum((round(e.price * 100))::bigint * e.current_participants), 0)::bigint from public.events e),
    -- What discount codes take off the bookings that hold seats (issue 28): booked value less
    -- this is what those bookings owe before any staff concession.
    'discount_cents', (
      select coalesce(sum(private.code_discount_cents(e.price, p.persons, p.code_percent,
               p.code_amount_cents, p.code_min_persons)), 0)::bigint
        from public.participants p join public.events e on e.id = p.event_id
       where p.discount_code_id is not null and private.holds_seats(p.status)
    ),
    -- What came in ("erhalten"): succeeded payments minus refunds not failed.
    'received_cents', (
      (select coalesce(sum(y.amount_cents), 0)::bigint from public.payments y where y.state = 'succeeded')
      - (select coalesce(sum(r.amount_cents), 0)::bigint
           from public.refund_requests r
           left join public.payments y on y.id = r.payment_id
          where r.kind <> 'expire_checkout' and r.state <> 'failed' and r.participant_id is not null
            and (y.id is null or y.state = 'succeeded'))
    ),
    -- Still to come in ("offen"): what bookings holding seats owe beyond their balance.
    'open_cents', (
      select coalesce(sum((private.booking_money(p.id)).open_cents), 0)::bigint
        from public.participants p where private.holds_seats(p.status)
    ),
    'needs_review', (select count(distinct y.participant_id) from public.payments y where y.state = 'mismatch'),
    'occupancy_percent', (
      select coalesce(round(100.0 * sum(e.current_participants) / nullif(sum(e.max_participants), 0)), 0)::integer
      from public.events e
      where extract(year from e.start_date) = extract(year from v_today)
        and not e.is_cancelled
        and e.status <> 'archived'
    )
  )
  into v_stats;
  return v_stats;
end;
$function$;
