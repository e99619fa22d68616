-- Issue 29: 'Finanzen' (revenue per month and per event) and the bookkeeper's export.
-- Both read one list of money facts, private.finance_entries, so the export's sums equal the
-- view's by construction; the facts are the payment and refund rows counted exactly as
-- private.booking_money counts them (succeeded payments; refunds not failed and not the return
-- of a rejected payment).

-- One row per succeeded payment and per counted refund dated within [p_from, p_to] (Zurich):
-- a payment by its value date (the bank's, for an imported invoice payment) or else the day it
-- was recorded; a refund by the day it was done or else the day it was decided.
create function private.finance_entries(p_from date, p_to date)
returns table (
  kind text,
  entry_id uuid,
  entry_date date,
  participant_id uuid,
  event_id uuid,
  method text,
  gross_cents integer,
  refund_cents integer,
  stripe_fee_cents integer,
  bank_reference text
)
language sql
stable
security definer
set search_path = ''
as $$
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
             -- Stripe reports its fee on the balance transaction, which no webhook stores yet.
             null::integer,
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
$$;

revoke all on function private.finance_entries(date, date) from public;

create function private.check_finance_period(p_from date, p_to date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- Ten years keep the answer small enough for one page; a reversed period is a typo.
  if p_from is null or p_to is null or p_from > p_to or p_to - p_from > 3660 then
    raise exception 'FINANCE_PERIOD_INVALID';
  end if;
end;
$$;

revoke all on function private.check_finance_period(date, date) from public;

-- 'Finanzen' (scope 'month', 'event', 'total'): one row per month, one per event and one total for the period. Money columns sum
-- the entries dated in the period; booked and open are those of the bookings made in the period
-- (booked = what seat-holding bookings owe, open = what they still owe now), attributed to the
-- month the booking was made in.
create function public.admin_finance_report(p_from date, p_to date)
returns table (
  scope text,
  month date,
  event_id uuid,
  event_title text,
  event_date date,
  booked_cents bigint,
  received_card_cents bigint,
  received_twint_cents bigint,
  received_invoice_cents bigint,
  received_onsite_cents bigint,
  received_cents bigint,
  refunded_cents bigint,
  open_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_admin();
  perform private.check_finance_period(p_from, p_to);
  return query
  with facts as (
    select date_trunc('month', e.entry_date)::date as month, e.event_id,
           0::bigint as booked, 0::bigint as open,
           case when e.kind = 'payment' and e.method = 'card' then e.gross_cents else 0 end::bigint as card,
           case when e.kind = 'payment' and e.method = 'twint' then e.gross_cents else 0 end::bigint as twint,
           case when e.kind = 'payment' and e.method = 'invoice' then e.gross_cents else 0 end::bigint as invoice,
           case when e.kind = 'payment' and e.method = 'onsite' then e.gross_cents else 0 end::bigint as onsite,
           e.refund_cents::bigint as refunded
      from private.finance_entries(p_from, p_to) e
    union all
    select date_trunc('month', (p.created_at at time zone 'Europe/Zurich'))::date, p.event_id,
           m.owed_cents::bigint, m.open_cents::bigint, 0, 0, 0, 0, 0
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
           sum(f.refunded)::bigint as refunded, sum(f.open)::bigint as open
      from facts f
     group by grouping sets ((f.month), (f.event_id), ())
  )
  select g.scope, g.month, g.event_id, ev.title, ev.start_date,
         g.booked, g.card, g.twint, g.invoice, g.onsite,
         g.card + g.twint + g.invoice + g.onsite, g.refunded, g.open
    from grouped g
    left join public.events ev on ev.id = g.event_id
   order by case g.scope when 'month' then 0 when 'event' then 1 else 2 end,
            g.month, ev.start_date, ev.title;
end;
$$;

revoke all on function public.admin_finance_report(date, date) from anon, public;
grant execute on function public.admin_finance_report(date, date) to authenticated;

-- The bookkeeper's rows: one per payment and per refund dated in the period, oldest first.
create function public.admin_finance_export(p_from date, p_to date)
returns table (
  kind text,
  entry_date date,
  booking_reference text,
  qr_reference text,
  event_title text,
  event_date date,
  method text,
  gross_cents integer,
  refund_cents integer,
  stripe_fee_cents integer,
  bank_reference text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_admin();
  perform private.check_finance_period(p_from, p_to);
  return query
  select e.kind, e.entry_date, p.reference, p.invoice_reference, ev.title, ev.start_date, e.method,
         e.gross_cents, e.refund_cents, e.stripe_fee_cents, e.bank_reference
    from private.finance_entries(p_from, p_to) e
    join public.participants p on p.id = e.participant_id
    join public.events ev on ev.id = e.event_id
   order by e.entry_date, p.reference, e.kind, e.entry_id;
end;
$$;

revoke all on function public.admin_finance_export(date, date) from anon, public;
grant execute on function public.admin_finance_export(date, date) to authenticated;

insert into public.error_codes (code, visitor_message, admin_message) values
  ('FINANCE_PERIOD_INVALID', null, 'Bitte wählen Sie einen gültigen Zeitraum (von vor bis, höchstens zehn Jahre).');
