-- Issue 29: the Stripe fee of an online payment is stored on its payment row (Stripe reports it on
-- the charge's balance transaction; the webhook asks for it) and the bookkeeper's export shows it.

alter table public.payments add column stripe_fee_cents integer;
alter table public.payments add constraint payments_stripe_fee_cents_check
  check (stripe_fee_cents is null or (stripe_fee_cents >= 0 and method in ('card', 'twint')));
comment on column public.payments.stripe_fee_cents is 'Card/TWINT: the fee Stripe kept (its balance transaction''s fee, Rappen); null when Stripe did not report it. Not part of the booking''s money: the visitor paid the gross.';

-- The fee is a fact about the payment, not money of the booking: recording it changes no state
-- and no sum the booking owes, so it is a small service-role write beside complete_checkout.
create or replace function public.record_stripe_fee(p_payment_intent_id text, p_fee_cents integer)
 returns boolean
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if p_payment_intent_id is null or p_fee_cents is null or p_fee_cents < 0 then
    raise exception 'INVALID_INPUT';
  end if;
  update public.payments y set stripe_fee_cents = p_fee_cents
   where y.provider_reference = p_payment_intent_id and y.method in ('card', 'twint');
  return found;
end;
$function$;
revoke all on function public.record_stripe_fee(text, integer) from anon, authenticated, public;
grant execute on function public.record_stripe_fee(text, integer) to service_role;

CREATE OR REPLACE FUNCTION private.finance_entries(p_from date, p_to date)
 RETURNS TABLE(kind text, entry_id uuid, entry_date date, participant_id uuid, event_id uuid, method text, gross_cents integer, refund_cents integer, stripe_fee_cents integer, bank_reference text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select f.*
    from (
      select 'payment'::text as kind,
             y.id,
             coalesce(y.value_date, (y.created_at at time zone 'Europe/Zurich')::date),
             y.participant_id,
             p.event_id,
             y.method,
             y.amount_cents,
             0,
             -- Stripe's fee, as its balance transaction reported it (null when it did not).
             y.stripe_fee_cents,
             (select b.entry_reference from public.bank_entries b where b.payment_id = y.id
               order by b.created_at limit 1)
        from public.payments y
        join public.participants p on p.id = y.participant_id
       where y.state = 'succeeded'
      union all
      select 'refund',
             r.id,
             (coalesce(r.done_at, r.created_at) at time zone 'Europe/Zurich')::date,
             r.participant_id,
             p.event_id,
             -- The way the money goes back: the refunded payment's method; a manual refund
             -- without a payment goes back by hand.
             coalesce(y.method, case when r.kind = 'stripe_refund' then 'card' else 'manual' end),
             0,
             r.amount_cents,
             null::integer,
             null::text
        from public.refund_requests r
        join public.participants p on p.id = r.participant_id
        left join public.payments y on y.id = r.payment_id
       where r.kind <> 'expire_checkout' and r.state <> 'failed'
         and (y.id is null or y.state = 'succeeded')
    ) f (kind, entry_id, entry_date, participant_id, event_id, method, gross_cents, refund_cents,
         stripe_fee_cents, bank_reference)
   where f.entry_date between p_from and p_to
$function$;
