-- Issue 28, the books: a gift voucher sold is money received and a debt to its holder until it
-- is redeemed. The bookkeeper's export lists each paid order as a row of kind 'voucher_sale'
-- (its reference, the QR reference of an invoice, the method, Stripe's fee, the bank entry); the
-- finance page shows what was sold in the period beside the open balances
-- (admin_gift_voucher_sales). A redemption stays a payment with method 'voucher', not money.


create function private.gift_voucher_sales(p_from date, p_to date)
 returns table(id uuid, sold_on date, reference text, invoice_reference text, title text, paid_method text,
               value_cents integer, stripe_fee_cents integer, bank_reference text)
 language sql
 stable security definer
 set search_path to ''
as $function$
  select o.id, (o.paid_at at time zone 'Europe/Zurich')::date, o.reference, o.invoice_reference,
         case o.kind when 'offer' then 'Geschenkgutschein «' || o.title || '»' else 'Geschenkgutschein' end,
         o.paid_method, o.value_cents, o.stripe_fee_cents,
         (select b.entry_reference from public.bank_entries b
           where b.gift_voucher_order_id = o.id and b.outcome = 'matched' order by b.created_at limit 1)
    from public.gift_voucher_orders o
   where o.state = 'paid'
     and (o.paid_at at time zone 'Europe/Zurich')::date between p_from and p_to
$function$;

revoke all on function private.gift_voucher_sales(date, date) from public;

-- What was sold in a period, for the finance page: the total and how many, by way of payment.
create function public.admin_gift_voucher_sales(p_from date, p_to date)
 returns table(sold_cents bigint, sold_count integer, card_cents bigint, twint_cents bigint, invoice_cents bigint)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
#variable_conflict use_column
begin
  perform private.require_admin();
  perform private.check_finance_period(p_from, p_to);
  return query
  select coalesce(sum(s.value_cents), 0)::bigint, count(*)::integer,
         coalesce(sum(s.value_cents) filter (where s.paid_method = 'card'), 0)::bigint,
         coalesce(sum(s.value_cents) filter (where s.paid_method = 'twint'), 0)::bigint,
         coalesce(sum(s.value_cents) filter (where s.paid_method = 'invoice'), 0)::bigint
    from private.gift_voucher_sales(p_from, p_to) s;
end;
$function$;

revoke all on function public.admin_gift_voucher_sales(date, date) from public, anon;
grant execute on function public.admin_gift_voucher_sales(date, date) to authenticated, service_role;

CREATE OR REPLACE FUNCTION public.admin_finance_export(p_from date, p_to date)
 RETURNS TABLE(kind text, entry_date date, booking_reference text, qr_reference text, event_title text, event_date date, method text, gross_cents integer, refund_cents integer, stripe_fee_cents integer, bank_reference text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_admin();
  perform private.check_finance_period(p_from, p_to);
  return query
  select x.kind, x.entry_date, x.booking_reference, x.qr_reference, x.event_title, x.event_date, x.method,
         x.gross_cents, x.refund_cents, x.stripe_fee_cents, x.bank_reference
    from (
      select e.kind, e.entry_date, p.reference as booking_reference, p.invoice_reference as qr_reference,
             ev.title as event_title, ev.start_date as event_date, e.method, e.gross_cents, e.refund_cents,
             e.stripe_fee_cents, e.bank_reference, e.entry_id
        from private.finance_entries(p_from, p_to) e
        join public.participants p on p.id = e.participant_id
        join public.events ev on ev.id = e.event_id
      union all
      select 'voucher_sale', s.sold_on, s.reference, s.invoice_reference, s.title, null::date, s.paid_method,
             s.value_cents, 0, s.stripe_fee_cents, s.bank_reference, s.id
        from private.gift_voucher_sales(p_from, p_to) s
    ) x
   order by x.entry_date, x.booking_reference, x.kind, x.entry_id;
end;
$function$;
