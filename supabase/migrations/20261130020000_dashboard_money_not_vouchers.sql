-- Issue 28: the dashboard splits what is booked, what codes take off, what gift vouchers paid and
-- what money came in. 'Erhalten' counted a voucher's redemption as money received (and its return
-- as money refunded); it now counts money only, a voucher sold included, and 'Mit Gutschein'
-- shows what vouchers paid.

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
    -- The spec's "Umsatz": the booked value ("gebucht") of the bookings that hold seats, each
    -- by its tickets or price x persons (issue 28).
    'revenue', (
      select (coalesce(sum(private.booking_gross_cents(p.id)), 0) / 100.0)::numeric(12, 2)
        from public.participants p where private.holds_seats(p.status)),
    'booked_cents', (
      select coalesce(sum(private.booking_gross_cents(p.id)), 0)::bigint
        from public.participants p where private.holds_seats(p.status)),
    -- What discount codes take off the bookings that hold seats (issue 28): booked value less
    -- this is what those bookings owe before any staff concession.
    'discount_cents', (
      select coalesce(sum(private.booking_code_discount_cents(p.id)), 0)::bigint
        from public.participants p
       where p.discount_code_id is not null and private.holds_seats(p.status)
    ),
    -- What came in ("erhalten"): money, not vouchers. Succeeded payments other than a gift
    -- voucher's, minus the refunds of money not failed, plus the gift vouchers sold (issue 28).
    'received_cents', (
      (select coalesce(sum(y.amount_cents), 0)::bigint from public.payments y
        where y.state = 'succeeded' and y.method <> 'voucher')
      - (select coalesce(sum(r.amount_cents), 0)::bigint
           from public.refund_requests r
           left join public.payments y on y.id = r.payment_id
          where r.kind not in ('expire_checkout', 'voucher_return') and r.state <> 'failed'
            and r.participant_id is not null and (y.id is null or y.state = 'succeeded'))
      + (select coalesce(sum(o.value_cents), 0)::bigint from public.gift_voucher_orders o where o.state = 'paid')
    ),
    -- Paid with gift vouchers ("mit Gutschein"), less what went back onto them: no money.
    'voucher_cents', (
      (select coalesce(sum(y.amount_cents), 0)::bigint from public.payments y
        where y.state = 'succeeded' and y.method = 'voucher')
      - (select coalesce(sum(r.amount_cents), 0)::bigint from public.refund_requests r
          where r.kind = 'voucher_return')
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
