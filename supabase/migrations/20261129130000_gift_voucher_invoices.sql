-- Issue 28, gift vouchers bought by invoice ("Rechnung, freigegeben wenn bezahlt"): the buyer
-- gets a QR bill by mail; the voucher is issued when the bank file (camt.054/053, 'Bankabgleich')
-- brings exactly the order's amount with the bill's reference, and is then mailed on the chosen
-- day like one paid online. One private function issues a bought voucher, whichever way it was
-- paid (private.issue_purchased_gift_voucher).

alter table public.gift_voucher_orders add column invoice_reference text;
alter table public.gift_voucher_orders add column invoice_due_date date;
alter table public.gift_voucher_orders add constraint gift_voucher_orders_invoice_reference_key unique (invoice_reference);
alter table public.gift_voucher_orders add constraint gift_voucher_orders_invoice_reference_check
  check (invoice_reference ~ '^([0-9]{27}|RF[0-9]{2}[0-9A-Z]{1,21})$');
alter table public.gift_voucher_orders drop constraint gift_voucher_orders_payment_method_check;
alter table public.gift_voucher_orders add constraint gift_voucher_orders_payment_method_check
  check (payment_method in ('stripe', 'invoice'));
alter table public.gift_voucher_orders add constraint gift_voucher_orders_invoice_columns_check
  check ((payment_method = 'invoice') = (invoice_reference is not null and invoice_due_date is not null));
alter table public.gift_voucher_orders drop constraint gift_voucher_orders_paid_method_check;
alter table public.gift_voucher_orders add constraint gift_voucher_orders_paid_method_check
  check (paid_method in ('card', 'twint', 'invoice'));

comment on column public.gift_voucher_orders.invoice_reference is
  'Invoice: the structured reference of its QR bill, as it appears on bank statements (matched by import_bank_entry).';

alter table public.bank_entries add column gift_voucher_order_id uuid;
alter table public.bank_entries add constraint bank_entries_gift_voucher_order_id_fkey
  foreign key (gift_voucher_order_id) references public.gift_voucher_orders(id) on delete set null;
create index bank_entries_gift_voucher_order_id_idx on public.bank_entries (gift_voucher_order_id)
  where gift_voucher_order_id is not null;

select private.add_mail_kinds(array['gift_voucher_invoice']);

-- Issues the voucher of a paid order and queues its mails: the voucher on the buyer's day, the
-- confirmation to the buyer now. The caller holds the order's row lock and has checked the money.
create function private.issue_purchased_gift_voucher(p_order_id uuid, p_method text, p_provider_reference text)
 returns public.gift_vouchers
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_order public.gift_voucher_orders;
  v_voucher public.gift_vouchers;
begin
  select * into v_order from public.gift_voucher_orders o where o.id = p_order_id;
  insert into public.gift_vouchers (code, kind, title, value_cents, balance_cents, valid_until, source,
    recipient_name, message)
  values (private.new_gift_voucher_code(), v_order.kind, v_order.title, v_order.value_cents, v_order.value_cents,
    (private.today_in_zurich() + make_interval(years => (private.gift_voucher_settings()).validity_years))::date,
    'purchase', v_order.recipient_name, v_order.message)
  returning * into v_voucher;
  update public.gift_voucher_orders o
     set state = 'paid', paid_at = now(), paid_method = p_method, gift_voucher_id = v_voucher.id,
         provider_reference = p_provider_reference, checkout_url = null
   where o.id = v_order.id;
  perform private.queue_gift_voucher_mail(v_voucher.id, coalesce(v_order.recipient_email, v_order.buyer_email),
    greatest(v_order.send_on, private.today_in_zurich()));
  perform private.enqueue_mail('gift_voucher_order_paid', v_order.buyer_email,
    private.gift_voucher_order_mail_payload(v_order.id));
  return v_voucher;
end;
$function$;

revoke all on function private.issue_purchased_gift_voucher(uuid, text, text) from public;

-- The QR bill of an order by invoice, in the shape of a booking's (private.invoice_mail_payload).
create function private.gift_voucher_invoice_payload(p_order_id uuid)
 returns jsonb
 language sql
 stable
 set search_path to ''
as $function$
  select jsonb_build_object(
    'reference', o.invoice_reference,
    'dueDate', o.invoice_due_date,
    'amountCents', o.value_cents,
    'currency', 'CHF',
    'issuedOn', private.today_in_zurich(),
    'creditor', jsonb_build_object(
      'name', c.name,
      'street', c.street,
      'buildingNumber', c.building_number,
      'postalCode', c.postal_code,
      'city', c.city,
      'country', c.country,
      'iban', c.iban
    )
  )
  from public.gift_voucher_orders o
  cross join public.invoice_creditor c
  where o.id = p_order_id and o.payment_method = 'invoice'
$function$;

revoke all on function private.gift_voucher_invoice_payload(uuid) from public;


CREATE OR REPLACE FUNCTION private.gift_voucher_order_mail_payload(p_order_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'order', jsonb_build_object(
      'reference', o.reference,
      'kind', o.kind,
      'title', o.title,
      'valueCents', o.value_cents,
      'buyerName', o.buyer_name,
      'buyerEmail', o.buyer_email,
      'recipientName', o.recipient_name,
      'sendTo', coalesce(o.recipient_email, o.buyer_email),
      'toBuyer', o.recipient_email is null,
      'sendOn', o.send_on,
      'paidAt', o.paid_at,
      'method', o.paid_method,
      'paymentMethod', o.payment_method,
      'dueDate', o.invoice_due_date,
      'validUntil', g.valid_until
    )
  )
  from public.gift_voucher_orders o
  left join public.gift_vouchers g on g.id = o.gift_voucher_id
  where o.id = p_order_id
$function$;

CREATE OR REPLACE FUNCTION public.complete_gift_voucher_checkout(p_event_id text, p_session_id text, p_payment_intent_id text, p_amount_cents integer, p_currency text, p_method text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_order public.gift_voucher_orders;
  v_method text := lower(coalesce(nullif(btrim(p_method), ''), 'card'));
begin
  if v_method not in ('card', 'twint') then
    raise exception 'INVALID_INPUT' using detail = 'method';
  end if;
  if not private.first_delivery(p_event_id, 'checkout.session.completed') then
    return 'duplicate';
  end if;
  select * into v_order from public.gift_voucher_orders o where o.checkout_session_id = p_session_id for update;
  if v_order.id is null then
    return private.note_outcome(p_event_id, null, 'ignored');
  end if;
  update public.stripe_webhook_events w set gift_voucher_order_id = v_order.id where w.id = p_event_id;
  if v_order.state = 'paid' then
    return private.note_outcome(p_event_id, null, 'ignored');
  end if;
  if upper(btrim(coalesce(p_currency, ''))) <> 'CHF' or p_amount_cents is distinct from v_order.value_cents then
    raise warning 'gift voucher order % paid % % instead of % CHF cents: no voucher issued',
      v_order.reference, p_amount_cents, p_currency, v_order.value_cents;
    return private.note_outcome(p_event_id, null, 'mismatch');
  end if;

  perform private.issue_purchased_gift_voucher(v_order.id, v_method,
    coalesce(nullif(btrim(p_payment_intent_id), ''), p_session_id));
  return private.note_outcome(p_event_id, null, 'paid');
end;
$function$;

drop function public.order_gift_voucher(text, text, text, text, text, date, uuid, integer);

CREATE FUNCTION public.order_gift_voucher(p_buyer_name text, p_buyer_email text, p_recipient_name text, p_recipient_email text, p_message text, p_send_on date, p_offer_id uuid DEFAULT NULL::uuid, p_value_cents integer DEFAULT NULL::integer, p_payment_method text DEFAULT 'stripe'::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_offer public.gift_voucher_offers;
  v_order public.gift_voucher_orders;
  v_today date := private.today_in_zurich();
  v_limits record;
  v_creditor public.invoice_creditor;
  v_reference text := private.new_gift_voucher_order_reference();
  v_base text;
begin
  if p_payment_method is null or p_payment_method not in ('stripe', 'invoice') then
    raise exception 'INVALID_INPUT' using detail = 'paymentMethod';
  end if;
  if p_payment_method = 'invoice' then
    select * into v_creditor from public.invoice_creditor;
    if v_creditor.iban is null then
      raise exception 'INVALID_INPUT' using detail = 'paymentMethod';
    end if;
    v_base := private.invoice_reference_base(v_reference);
  end if;
  select * into v_limits from private.gift_voucher_amount_limits();
  if p_offer_id is not null then
    select * into v_offer from public.gift_voucher_offers o where o.id = p_offer_id and o.active;
    if v_offer.id is null then
      raise exception 'GIFT_VOUCHER_OFFER_GONE';
    end if;
  elsif p_value_cents is null or p_value_cents % 100 <> 0
        or p_value_cents not between v_limits.min_cents and v_limits.max_cents then
    raise exception 'INVALID_INPUT' using detail = 'amount';
  end if;
  if p_send_on is null or p_send_on < v_today or p_send_on > v_today + 366 then
    raise exception 'INVALID_INPUT' using detail = 'sendOn';
  end if;
  insert into public.gift_voucher_orders (reference, kind, offer_id, title, value_cents, buyer_name, buyer_email,
    recipient_name, recipient_email, message, send_on, payment_method, invoice_reference, invoice_due_date)
  values (v_reference,
    case when v_offer.id is null then 'value' else 'offer' end,
    v_offer.id, coalesce(v_offer.title, ''), coalesce(v_offer.price_cents, p_value_cents),
    btrim(p_buyer_name), lower(btrim(p_buyer_email)), btrim(coalesce(p_recipient_name, '')),
    nullif(lower(btrim(coalesce(p_recipient_email, ''))), ''), btrim(coalesce(p_message, '')), p_send_on,
    p_payment_method,
    case when v_base is null then null
         when private.is_qr_iban(v_creditor.iban) then private.qr_reference(private.alnum_to_digits(v_base))
         else private.creditor_reference(v_base) end,
    case when v_base is not null then private.today_in_zurich() + v_creditor.payment_days end)
  returning * into v_order;
  if v_order.payment_method = 'invoice' then
    -- The QR bill goes to the buyer now; the voucher follows when the bank file pays it.
    perform private.enqueue_mail('gift_voucher_invoice', v_order.buyer_email,
      private.gift_voucher_order_mail_payload(v_order.id)
        || jsonb_build_object('invoice', private.gift_voucher_invoice_payload(v_order.id)));
  end if;
  return jsonb_build_object(
    'order_id', v_order.id,
    'reference', v_order.reference,
    'amount_cents', v_order.value_cents,
    'title', case v_order.kind when 'offer' then 'Geschenkgutschein «' || v_order.title || '»'
                               else 'Geschenkgutschein' end,
    'email', v_order.buyer_email,
    'payment_method', v_order.payment_method,
    'due_date', v_order.invoice_due_date,
    -- Stripe's shortest session: 30 minutes (its minimum), counted from Stripe's clock.
    'expires_at', extract(epoch from now() + interval '31 minutes')::bigint
  );
end;
$function$;

revoke all on function public.order_gift_voucher(text, text, text, text, text, date, uuid, integer, text)
  from public, anon, authenticated;
grant execute on function public.order_gift_voucher(text, text, text, text, text, date, uuid, integer, text)
  to service_role;

CREATE OR REPLACE FUNCTION private.import_bank_entry(p_import_id uuid, p_entry jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.bank_entries%rowtype;
  v_kind text := p_entry ->> 'kind';
  v_currency text := upper(coalesce(p_entry ->> 'currency', ''));
  v_reference text := nullif(upper(regexp_replace(coalesce(p_entry ->> 'reference', ''), '\s', '', 'g')), '');
  v_amount integer;
  v_participant public.participants%rowtype;
  v_order public.gift_voucher_orders;
  v_outcome text;
  v_refusal text;
begin
  begin
    v_amount := (p_entry ->> 'amountCents')::integer;
  exception when others then
    raise exception 'INVALID_INPUT' using detail = 'amountCents';
  end;
  if v_kind is null or v_kind not in ('credit', 'return', 'foreign') or v_amount is null or v_amount < 0
     or v_currency !~ '^[A-Z]{3}$' or coalesce(p_entry ->> 'entryReference', '') = '' then
    raise exception 'INVALID_INPUT' using detail = 'entry';
  end if;
  -- The database decides, not the browser: a credit in another currency is refused as well.
  if v_kind = 'credit' and v_currency <> 'CHF' then
    v_kind := 'foreign';
  end if;
  insert into public.bank_entries (import_id, entry_reference, kind, amount_cents, currency, value_date,
    reference, remittance, debtor_name, outcome)
  values (p_import_id, left(btrim(p_entry ->> 'entryReference'), 200), v_kind, v_amount, v_currency,
    (p_entry ->> 'valueDate')::date, left(v_reference, 140), left(p_entry ->> 'remittance', 1000),
    left(p_entry ->> 'debtorName', 200),
    case v_kind when 'credit' then 'unassigned' else v_kind end)
  on conflict (entry_reference) do nothing
  returning * into v_entry;
  if not found then
    return jsonb_build_object('entryReference', p_entry ->> 'entryReference', 'outcome', 'already_imported',
      'amountCents', v_amount, 'currency', v_currency, 'reference', v_reference, 'debtorName', p_entry ->> 'debtorName');
  end if;
  v_outcome := v_entry.outcome;
  if v_kind = 'credit' and v_amount > 0 and v_reference is not null then
    select * into v_participant from public.participants p where p.invoice_reference = v_reference;
    if found then
      -- A hold that lapsed unpaid and is paid after all: the visitor wants the seats. They get them
      -- back through the staff transition when they are still free (its mail says the booking is
      -- active again, the receipt follows); otherwise the payment waits for the admin's decision.
      if v_participant.status = 'expired' and v_participant.anonymised_at is null then
        begin
          perform public.admin_reactivate_booking(v_participant.id, false);
        exception when raise_exception then
          v_refusal := coalesce((select coalesce(c.admin_message, c.visitor_message) from public.error_codes c
                                  where c.code = sqlerrm), sqlerrm);
        end;
      end if;
      v_outcome := coalesce(private.record_bank_payment(v_participant.id, v_entry), 'unassigned');
      if v_outcome = 'unassigned' then
        update public.bank_entries b
           set note = format('Buchung %s ist %s', v_participant.reference,
             case v_participant.status when 'cancelled' then 'storniert' else 'abgelaufen' end)
             || case when v_refusal is not null then ' und kann nicht wieder aufgenommen werden: ' || v_refusal else '' end
         where b.id = v_entry.id;
      end if;
    else
      -- A gift voucher bought by invoice: exactly its amount issues the voucher.
      select * into v_order from public.gift_voucher_orders o where o.invoice_reference = v_reference for update;
      if found then
        if v_order.state = 'open' and v_amount = v_order.value_cents then
          perform private.issue_purchased_gift_voucher(v_order.id, 'invoice', v_entry.entry_reference);
          v_outcome := 'matched';
          update public.bank_entries b set outcome = 'matched', gift_voucher_order_id = v_order.id
           where b.id = v_entry.id;
        else
          update public.bank_entries b
             set gift_voucher_order_id = v_order.id,
                 note = format('Gutscheinbestellung %s: %s', v_order.reference,
                   case when v_order.state = 'paid' then 'bereits bezahlt'
                        else format('erwartet CHF %s', to_char(v_order.value_cents / 100.0, 'FM999999990.00')) end)
           where b.id = v_entry.id;
        end if;
        return jsonb_build_object('entryReference', v_entry.entry_reference, 'outcome', v_outcome,
          'amountCents', v_amount, 'currency', v_currency, 'reference', v_reference,
          'debtorName', v_entry.debtor_name, 'valueDate', v_entry.value_date,
          'bookingReference', v_order.reference, 'name', v_order.buyer_name,
          'openCents', case when v_outcome = 'matched' then 0 else v_order.value_cents end,
          'excessCents', 0);
      end if;
    end if;
  end if;
  select * into v_participant from public.participants p
   where p.id = (select b.participant_id from public.bank_entries b where b.id = v_entry.id);
  return jsonb_build_object('entryReference', v_entry.entry_reference, 'outcome', v_outcome,
    'amountCents', v_amount, 'currency', v_currency, 'reference', v_reference,
    'debtorName', v_entry.debtor_name, 'valueDate', v_entry.value_date,
    'bookingReference', v_participant.reference, 'name', v_participant.name,
    'openCents', case when v_participant.id is not null then (private.booking_money(v_participant.id)).open_cents end,
    'excessCents', case when v_participant.id is not null then (private.booking_money(v_participant.id)).excess_cents end);
end;
$function$;
