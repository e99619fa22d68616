-- Issue 28, gift vouchers bought online: a visitor buys a value voucher (an amount of their
-- choice) or one of the provider's offer vouchers ("Fondue-Abend für 2 Personen"), names the
-- recipient, a message and the day it is to be sent, and pays by card or TWINT at Stripe.
--
-- The order is stored before Stripe is called (public.order_gift_voucher); the voucher exists
-- only once the money is in: the webhook's checkout.session.completed for an order's session
-- calls public.complete_gift_voucher_checkout, which checks amount and currency, issues the
-- voucher (source 'purchase') in the same transaction, queues its mail with the PDF for the
-- chosen day (private.queue_gift_voucher_mail) and the buyer's confirmation. A session that
-- expires leaves an expired order and no voucher.

-- -------------------------------------------------------------------------------------------------
-- What can be bought: the provider's offer vouchers
-- -------------------------------------------------------------------------------------------------

create table public.gift_voucher_offers (
  id uuid not null default gen_random_uuid(),
  title text not null,
  description text not null default '',
  price_cents integer not null,
  position integer not null default 0,
  active boolean not null default true,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  constraint gift_voucher_offers_pkey primary key (id),
  constraint gift_voucher_offers_title_check check (title = btrim(title) and char_length(title) between 1 and 120),
  constraint gift_voucher_offers_description_check check (char_length(description) <= 500),
  constraint gift_voucher_offers_price_check check (price_cents between 100 and 10000000)
);

comment on table public.gift_voucher_offers is
  'Offer vouchers the provider sells on /gutscheine (e.g. "Fondue-Abend für 2 Personen"); the voucher bought is worth its price.';

create trigger gift_voucher_offers_set_updated_at before update on public.gift_voucher_offers
  for each row execute function private.set_updated_at();

alter table public.gift_voucher_offers enable row level security;

create policy "Active voucher offers are public; admins see all" on public.gift_voucher_offers
  as permissive for select to anon, authenticated
  using (active or (select public.is_admin()));

create policy "Admins manage voucher offers" on public.gift_voucher_offers
  as permissive for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

revoke all on table public.gift_voucher_offers from anon, authenticated, service_role;
grant select on table public.gift_voucher_offers to anon;
grant select, insert, update, delete on table public.gift_voucher_offers to authenticated, service_role;

-- -------------------------------------------------------------------------------------------------
-- Orders
-- -------------------------------------------------------------------------------------------------

create table public.gift_voucher_orders (
  id uuid not null default gen_random_uuid(),
  reference text not null,
  kind text not null,
  offer_id uuid,
  title text not null default '',
  value_cents integer not null,
  buyer_name text not null,
  buyer_email text not null,
  recipient_name text not null default '',
  recipient_email text,
  message text not null default '',
  send_on date not null,
  payment_method text not null default 'stripe',
  state text not null default 'open',
  checkout_session_id text,
  checkout_url text,
  paid_method text,
  paid_at timestamp with time zone,
  provider_reference text,
  stripe_fee_cents integer,
  gift_voucher_id uuid,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  constraint gift_voucher_orders_pkey primary key (id),
  constraint gift_voucher_orders_reference_key unique (reference),
  constraint gift_voucher_orders_checkout_session_id_key unique (checkout_session_id),
  constraint gift_voucher_orders_gift_voucher_id_key unique (gift_voucher_id),
  constraint gift_voucher_orders_reference_check check (reference ~ '^GB-[A-HJ-NP-Z2-9]{8}$'),
  constraint gift_voucher_orders_kind_check check (kind in ('value', 'offer')),
  constraint gift_voucher_orders_title_check check (
    char_length(title) <= 120 and (kind = 'value' or btrim(title) <> '')),
  constraint gift_voucher_orders_value_check check (value_cents between 100 and 10000000),
  constraint gift_voucher_orders_buyer_name_check check (btrim(buyer_name) <> '' and char_length(buyer_name) <= 200),
  constraint gift_voucher_orders_buyer_email_check check (
    char_length(buyer_email) <= 254 and buyer_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint gift_voucher_orders_recipient_name_check check (char_length(recipient_name) <= 200),
  constraint gift_voucher_orders_recipient_email_check check (
    char_length(recipient_email) <= 254 and recipient_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint gift_voucher_orders_message_check check (char_length(message) <= 500),
  constraint gift_voucher_orders_payment_method_check check (payment_method in ('stripe')),
  constraint gift_voucher_orders_state_check check (state in ('open', 'paid', 'expired')),
  constraint gift_voucher_orders_paid_method_check check (paid_method in ('card', 'twint')),
  constraint gift_voucher_orders_fee_check check (stripe_fee_cents >= 0),
  -- Paid is exactly: the money recorded and the voucher issued, in one transaction.
  constraint gift_voucher_orders_paid_check check (
    (state = 'paid') = (paid_at is not null and paid_method is not null and gift_voucher_id is not null))
);

comment on table public.gift_voucher_orders is
  'A gift voucher bought on /gutscheine: stored before Stripe is called; the voucher (gift_voucher_id) is issued when the payment arrives (complete_gift_voucher_checkout).';
comment on column public.gift_voucher_orders.recipient_email is
  'Where the voucher is mailed on send_on; null: to the buyer, who hands it over.';

alter table public.gift_voucher_orders add constraint gift_voucher_orders_offer_id_fkey
  foreign key (offer_id) references public.gift_voucher_offers(id) on delete set null;
alter table public.gift_voucher_orders add constraint gift_voucher_orders_gift_voucher_id_fkey
  foreign key (gift_voucher_id) references public.gift_vouchers(id) on delete restrict;

create index gift_voucher_orders_created_at_idx on public.gift_voucher_orders (created_at desc);
create index gift_voucher_orders_offer_id_idx on public.gift_voucher_orders (offer_id) where offer_id is not null;
create index gift_voucher_orders_buyer_email_idx on public.gift_voucher_orders (lower(buyer_email));
create index gift_voucher_orders_provider_reference_idx on public.gift_voucher_orders (provider_reference)
  where provider_reference is not null;

create trigger gift_voucher_orders_set_updated_at before update on public.gift_voucher_orders
  for each row execute function private.set_updated_at();

alter table public.gift_voucher_orders enable row level security;

create policy "Admins read gift voucher orders" on public.gift_voucher_orders
  as permissive for select to authenticated using ((select public.is_admin()));

revoke all on table public.gift_voucher_orders from anon, authenticated, service_role;
grant select on table public.gift_voucher_orders to authenticated, service_role;

insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.gift_voucher_orders', 'buyer_name', 'Name der Person, die den Gutschein gekauft hat', 'bookkeeping'),
  ('public.gift_voucher_orders', 'buyer_email', 'E-Mail-Adresse für die Bestätigung des Gutscheinkaufs', 'bookkeeping'),
  ('public.gift_voucher_orders', 'recipient_name', 'Name der beschenkten Person auf dem Gutschein', 'bookkeeping'),
  ('public.gift_voucher_orders', 'recipient_email', 'E-Mail-Adresse, an die der Gutschein geschickt wird', 'bookkeeping'),
  ('public.gift_voucher_orders', 'message', 'Persönliche Nachricht auf dem Gutschein', 'bookkeeping');

alter table public.stripe_webhook_events add column gift_voucher_order_id uuid;
alter table public.stripe_webhook_events add constraint stripe_webhook_events_gift_voucher_order_id_fkey
  foreign key (gift_voucher_order_id) references public.gift_voucher_orders(id) on delete set null;
create index stripe_webhook_events_gift_voucher_order_id_idx on public.stripe_webhook_events (gift_voucher_order_id)
  where gift_voucher_order_id is not null;

-- -------------------------------------------------------------------------------------------------
-- Rules of an order
-- -------------------------------------------------------------------------------------------------

-- The amounts a value voucher may be bought for, in whole francs: one place, read by the order
-- function and, through public.gift_voucher_shop(), by the form on /gutscheine.
create function private.gift_voucher_amount_limits(out min_cents integer, out max_cents integer)
 language sql
 immutable
 set search_path to ''
as $function$ select 2000, 100000 $function$;

revoke all on function private.gift_voucher_amount_limits() from public;

-- What /gutscheine offers for sale: the value voucher's limits and the active offer vouchers.
create function public.gift_voucher_shop()
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select jsonb_build_object(
    'min_cents', (private.gift_voucher_amount_limits()).min_cents,
    'max_cents', (private.gift_voucher_amount_limits()).max_cents,
    'validity_years', (private.gift_voucher_settings()).validity_years,
    'offers', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'title', o.title, 'description', o.description,
                                          'price_cents', o.price_cents)
                       order by o.position, o.title)
        from public.gift_voucher_offers o
       where o.active), '[]'::jsonb)
  )
$function$;

revoke all on function public.gift_voucher_shop() from public;
grant execute on function public.gift_voucher_shop() to anon, authenticated, service_role;

create function private.new_gift_voucher_order_reference()
 returns text
 language sql
 volatile
 set search_path to ''
as $function$
  -- 40 random bits of a fresh voucher code's alphabet: a reference, not a secret.
  select 'GB-' || substr(replace(private.new_gift_voucher_code(), '-', ''), 3, 8)
$function$;

revoke all on function private.new_gift_voucher_order_reference() from public;

-- Stores an order (called by the buy-gift-voucher function after the proof of work and the
-- per-address limit, with the service role). Returns what the Stripe Checkout session needs;
-- the price comes from here (the offer's price, or the chosen amount within the limits), never
-- from the browser.
create function public.order_gift_voucher(
  p_buyer_name text,
  p_buyer_email text,
  p_recipient_name text,
  p_recipient_email text,
  p_message text,
  p_send_on date,
  p_offer_id uuid default null,
  p_value_cents integer default null
)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_offer public.gift_voucher_offers;
  v_order public.gift_voucher_orders;
  v_today date := private.today_in_zurich();
  v_limits record;
begin
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
    recipient_name, recipient_email, message, send_on)
  values (private.new_gift_voucher_order_reference(),
    case when v_offer.id is null then 'value' else 'offer' end,
    v_offer.id, coalesce(v_offer.title, ''), coalesce(v_offer.price_cents, p_value_cents),
    btrim(p_buyer_name), lower(btrim(p_buyer_email)), btrim(coalesce(p_recipient_name, '')),
    nullif(lower(btrim(coalesce(p_recipient_email, ''))), ''), btrim(coalesce(p_message, '')), p_send_on)
  returning * into v_order;
  return jsonb_build_object(
    'order_id', v_order.id,
    'reference', v_order.reference,
    'amount_cents', v_order.value_cents,
    'title', case v_order.kind when 'offer' then 'Geschenkgutschein «' || v_order.title || '»'
                               else 'Geschenkgutschein' end,
    'email', v_order.buyer_email,
    -- Stripe's shortest session: 30 minutes (its minimum), counted from Stripe's clock.
    'expires_at', extract(epoch from now() + interval '31 minutes')::bigint
  );
end;
$function$;

revoke all on function public.order_gift_voucher(text, text, text, text, text, date, uuid, integer)
  from public, anon, authenticated;
grant execute on function public.order_gift_voucher(text, text, text, text, text, date, uuid, integer)
  to service_role;

create function public.record_gift_voucher_checkout(p_order_id uuid, p_session_id text, p_url text)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  update public.gift_voucher_orders o
     set checkout_session_id = p_session_id, checkout_url = p_url
   where o.id = p_order_id and o.state = 'open'
     and (o.checkout_session_id is null or o.checkout_session_id = p_session_id);
  if not found then
    raise exception 'PAYMENT_NOT_OPEN';
  end if;
end;
$function$;

revoke all on function public.record_gift_voucher_checkout(uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_gift_voucher_checkout(uuid, text, text) to service_role;

-- The buyer's confirmation: what was bought, how it was paid, and where and when it goes.
create function private.gift_voucher_order_mail_payload(p_order_id uuid)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select jsonb_build_object(
    'order', jsonb_build_object(
      'reference', o.reference,
      'kind', o.kind,
      'title', o.title,
      'valueCents', o.value_cents,
      'buyerName', o.buyer_name,
      'recipientName', o.recipient_name,
      'sendTo', coalesce(o.recipient_email, o.buyer_email),
      'toBuyer', o.recipient_email is null,
      'sendOn', o.send_on,
      'paidAt', o.paid_at,
      'method', o.paid_method,
      'validUntil', g.valid_until
    )
  )
  from public.gift_voucher_orders o
  left join public.gift_vouchers g on g.id = o.gift_voucher_id
  where o.id = p_order_id
$function$;

revoke all on function private.gift_voucher_order_mail_payload(uuid) from public;

select private.add_mail_kinds(array['gift_voucher_order_paid']);

-- The voucher's mail names who gave it, for a bought one.
create or replace function private.gift_voucher_mail_payload(p_voucher_id uuid)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select jsonb_build_object(
    'voucher', jsonb_build_object(
      'code', g.code,
      'kind', g.kind,
      'title', g.title,
      'valueCents', g.value_cents,
      'balanceCents', g.balance_cents,
      'validUntil', g.valid_until,
      'recipientName', g.recipient_name,
      'message', g.message,
      'buyerName', coalesce((select o.buyer_name from public.gift_voucher_orders o where o.gift_voucher_id = g.id), ''),
      'issuedAt', (g.created_at at time zone 'Europe/Zurich')::date,
      'legalText', (private.gift_voucher_settings()).legal_text
    ),
    'provider', private.receipt_provider()
  )
  from public.gift_vouchers g
  where g.id = p_voucher_id
$function$;

-- Stripe reported an order's session paid (stripe-webhook). The voucher is issued only when
-- amount and currency are exactly the order's; anything else is recorded as a mismatch for the
-- team to settle and issues nothing. Repeated events change nothing (first_delivery).
create function public.complete_gift_voucher_checkout(
  p_event_id text,
  p_session_id text,
  p_payment_intent_id text,
  p_amount_cents integer,
  p_currency text,
  p_method text
)
 returns text
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_order public.gift_voucher_orders;
  v_method text := lower(coalesce(nullif(btrim(p_method), ''), 'card'));
  v_voucher public.gift_vouchers;
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

  insert into public.gift_vouchers (code, kind, title, value_cents, balance_cents, valid_until, source,
    recipient_name, message)
  values (private.new_gift_voucher_code(), v_order.kind, v_order.title, v_order.value_cents, v_order.value_cents,
    (private.today_in_zurich() + make_interval(years => (private.gift_voucher_settings()).validity_years))::date,
    'purchase', v_order.recipient_name, v_order.message)
  returning * into v_voucher;
  update public.gift_voucher_orders o
     set state = 'paid', paid_at = now(), paid_method = v_method, gift_voucher_id = v_voucher.id,
         provider_reference = coalesce(nullif(btrim(p_payment_intent_id), ''), p_session_id), checkout_url = null
   where o.id = v_order.id;
  perform private.queue_gift_voucher_mail(v_voucher.id, coalesce(v_order.recipient_email, v_order.buyer_email),
    greatest(v_order.send_on, private.today_in_zurich()));
  perform private.enqueue_mail('gift_voucher_order_paid', v_order.buyer_email,
    private.gift_voucher_order_mail_payload(v_order.id));
  return private.note_outcome(p_event_id, null, 'paid');
end;
$function$;

revoke all on function public.complete_gift_voucher_checkout(text, text, text, integer, text, text)
  from public, anon, authenticated;
grant execute on function public.complete_gift_voucher_checkout(text, text, text, integer, text, text)
  to service_role;

-- The order's session expired unpaid: the order ends, nothing was issued.
create function public.expire_gift_voucher_checkout(p_event_id text, p_session_id text)
 returns text
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_id uuid;
begin
  if not private.first_delivery(p_event_id, 'checkout.session.expired') then
    return 'duplicate';
  end if;
  update public.gift_voucher_orders o set state = 'expired', checkout_url = null
   where o.checkout_session_id = p_session_id and o.state = 'open'
  returning o.id into v_id;
  update public.stripe_webhook_events w set gift_voucher_order_id = v_id where w.id = p_event_id and v_id is not null;
  return private.note_outcome(p_event_id, null, case when v_id is null then 'ignored' else 'released' end);
end;
$function$;

revoke all on function public.expire_gift_voucher_checkout(text, text) from public, anon, authenticated;
grant execute on function public.expire_gift_voucher_checkout(text, text) to service_role;

-- Stripe's fee, for the bookkeeper: on a booking's payment or on an order.
create or replace function public.record_stripe_fee(p_payment_intent_id text, p_fee_cents integer)
 returns boolean
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_booking boolean;
begin
  if p_payment_intent_id is null or p_fee_cents is null or p_fee_cents < 0 then
    raise exception 'INVALID_INPUT';
  end if;
  update public.payments y set stripe_fee_cents = p_fee_cents
   where y.provider_reference = p_payment_intent_id and y.method in ('card', 'twint');
  v_booking := found;
  update public.gift_voucher_orders o set stripe_fee_cents = p_fee_cents
   where o.provider_reference = p_payment_intent_id;
  return v_booking or found;
end;
$function$;

insert into public.error_codes (code, visitor_message, admin_message) values
  ('GIFT_VOUCHER_OFFER_GONE', 'Dieses Gutschein-Angebot gibt es nicht mehr. Bitte wähle ein anderes.',
   'Dieses Gutschein-Angebot ist nicht mehr aktiv.');

-- The outbox delivers a mail when its time has come by the database's clock (private.now(),
-- which tests move forward): a voucher mailed on a later day goes out on that day's morning.
create or replace function public.claim_outbox_mails(p_limit integer default 20, p_lease_seconds integer default 120)
 returns setof public.mail_outbox
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  return query
  update public.mail_outbox o
     set state = 'sending',
         attempts = o.attempts + 1,
         locked_until = now() + make_interval(secs => greatest(p_lease_seconds, 10))
   where o.id in (
     select d.id from public.mail_outbox d
      where (d.state = 'queued' and d.next_attempt_at <= greatest(now(), private.now()))
         or (d.state = 'sending' and d.locked_until < now())
      order by d.next_attempt_at
      limit greatest(least(p_limit, 100), 1)
      for update skip locked
   )
  returning o.*;
end;
$function$;
