-- Issue 28, accounting truth: 'Finanzen' splits the booked value from what discount codes and
-- staff concessions took off it ('Rabatte'), beside what gift vouchers paid and the money received.

drop function public.admin_finance_report(date, date);

CREATE FUNCTION public.admin_finance_report(p_from date, p_to date)
 RETURNS TABLE(scope text, month date, event_id uuid, event_title text, event_date date, booked_cents bigint, received_card_cents bigint, received_twint_cents bigint, received_invoice_cents bigint, received_onsite_cents bigint, received_cents bigint, refunded_cents bigint, open_cents bigint, voucher_cents bigint, discount_cents bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_admin();
  perform private.check_finance_period(p_from, p_to);
  return query
  with facts as (
    select date_trunc('month', e.entry_date)::date as month, e.event_id,
           0::bigint as booked, 0::bigint as discount, 0::bigint as open,
           case when e.kind = 'payment' and e.method = 'card' then e.gross_cents else 0 end::bigint as card,
           case when e.kind = 'payment' and e.method = 'twint' then e.gross_cents else 0 end::bigint as twint,
           case when e.kind = 'payment' and e.method = 'invoice' then e.gross_cents else 0 end::bigint as invoice,
           case when e.kind = 'payment' and e.method = 'onsite' then e.gross_cents else 0 end::bigint as onsite,
           -- A voucher's return went back to the voucher, not out of the till.
           case when e.method = 'voucher' then 0 else e.refund_cents end::bigint as refunded,
           -- Paid with gift vouchers (issue 28), less what went back onto them: no money received.
           case when e.method = 'voucher' then e.gross_cents - e.refund_cents else 0 end::bigint as voucher
      from private.finance_entries(p_from, p_to) e
    union all
    select date_trunc('month', (p.created_at at time zone 'Europe/Zurich'))::date, p.event_id,
           m.owed_cents::bigint,
           -- What codes and staff concessions take off the booked value of a booking that holds
           -- its seats (issue 28); a cancelled one owes what its terms keep, not a discounted price.
           case when private.holds_seats(p.status)
                then private.booking_code_discount_cents(p.id) + coalesce(p.discount_cents, 0) else 0 end::bigint,
           m.open_cents::bigint, 0, 0, 0, 0, 0, 0
      from public.participants p
     cross join lateral private.booking_money(p.id) m
     where (p.created_at at time zone 'Europe/Zurich')::date between p_from and p_to
       and (m.owed_cents > 0 or m.open_cents > 0)
  ),
  grouped as (
    select case when grouping(f.month) = 0 then 'month'
                when grouping(f.event_id) = 0 then 'event'
                else 'total' end as scope,
           f.month, f.event_id,
           sum(f.booked)::bigint as booked, sum(f.card)::bigint as card, sum(f.twint)::bigint as twint,
           sum(f.invoice)::bigint as invoice, sum(f.onsite)::bigint as onsite,
           sum(f.refunded)::bigint as refunded, sum(f.open)::bigint as open,
           sum(f.voucher)::bigint as voucher, sum(f.discount)::bigint as discount
      from facts f
     group by grouping sets ((f.month), (f.event_id), ())
  )
  select g.scope, g.month, g.event_id, ev.title, ev.start_date,
         g.booked, g.card, g.twint, g.invoice, g.onsite,
         g.card + g.twint + g.invoice + g.onsite, g.refunded, g.open, g.voucher, g.discount
    from grouped g
    left join public.events ev on ev.id = g.event_id
   order by case g.scope when 'month' then 0 when 'event' then 1 else 2 end,
            g.month, ev.start_date, ev.title;
end;
$function$;

revoke all on function public.admin_finance_report(date,date) from anon, public;
grant execute on function public.admin_finance_report(date,date) to authenticated;
