-- Online payment with Stripe Checkout (card and TWINT). See docs/data-model.md ("Online payment").
--
-- A registration with payment method 'stripe' is stored first (register_for_event, unchanged)
-- and holds its seat while it is 'pending'. The create-checkout edge function asks
-- begin_checkout for the amount (price x persons, from the database, never from the browser)
-- and a hold of 30 minutes, opens a Stripe Checkout session that expires with the hold, and
-- stores it with record_checkout_session. The stripe-webhook function verifies Stripe's
-- signature and hands each event to complete_checkout / expire_checkout, which apply it exactly
-- once (stripe_webhook_events keeps every event id). A registration that never reached Stripe
-- is released by the minute job release_expired_holds. Refunds: admin_refund_details tells the
-- refund-payment function what to refund, record_refund stores the outcome. Payment state is
-- changed only here.

-- ---------------------------------------------------------------------------------------------
-- Columns
-- ---------------------------------------------------------------------------------------------

alter table public.participants
  -- Until when the seat of an unpaid online registration is held (set on insert, extended to
  -- the Checkout session's expiry). Null for other methods.
  add column hold_expires_at timestamptz,
  -- When the hold ran out (no payment): the registration was released, its seat given back.
  add column hold_released_at timestamptz,
  add column checkout_session_id text,
  -- The hosted payment page of the open session ('Zahlung offen – erneut versuchen').
  add column checkout_url text,
  add column payment_intent_id text,
  -- What Stripe charged, in Rappen (from the completed session).
  add column amount_paid_cents integer,
  add column paid_at timestamptz,
  add column refund_id text,
  add column refunded_at timestamptz,
  add constraint participants_checkout_session_id_key unique (checkout_session_id),
  add constraint participants_checkout_session_id_check check (checkout_session_id ~ '^cs_[A-Za-z0-9_]{1,250}$'),
  add constraint participants_checkout_url_check check (checkout_url ~ '^https?://' and char_length(checkout_url) <= 2048),
  add constraint participants_payment_intent_id_check check (payment_intent_id ~ '^pi_[A-Za-z0-9_]{1,250}$'),
  add constraint participants_refund_id_check check (refund_id ~ '^re_[A-Za-z0-9_]{1,250}$'),
  add constraint participants_amount_paid_cents_check check (amount_paid_cents >= 0),
  -- Stripe state only on online registrations; paid and refunded carry their proof.
  add constraint participants_stripe_columns_check check (
    payment_method = 'stripe'
    or (checkout_session_id is null and payment_intent_id is null and refund_id is null and hold_expires_at is null)
  ),
  add constraint participants_refund_check check ((refund_id is null) = (refunded_at is null));

comment on column public.participants.hold_expires_at is
  'Online payment: the seat is held until then while unpaid (30 minutes, the Checkout session''s expiry).';
comment on column public.participants.hold_released_at is
  'Online payment: the hold ran out unpaid and the registration was released (''Reservierung abgelaufen'').';

-- The release job's scan: unpaid online registrations by hold expiry.
create index participants_open_holds_idx on public.participants (hold_expires_at)
  where payment_status = 'pending' and hold_expires_at is not null;

-- ---------------------------------------------------------------------------------------------
-- Webhook events: each Stripe event is applied once
-- ---------------------------------------------------------------------------------------------

create table public.stripe_webhook_events (
  id text primary key,
  type text not null,
  participant_id uuid references public.participants (id) on delete set null,
  -- What applying it did: 'paid', 'released', 'ignored' (nothing to change).
  outcome text not null,
  received_at timestamptz not null default now(),
  constraint stripe_webhook_events_id_check check (id ~ '^evt_[A-Za-z0-9_]{1,250}$'),
  constraint stripe_webhook_events_type_check check (char_length(type) <= 100),
  constraint stripe_webhook_events_outcome_check check (outcome in ('paid', 'released', 'ignored'))
);

comment on table public.stripe_webhook_events is
  'Stripe events already applied (exactly once however often Stripe repeats them); written by SQL functions only.';

create index stripe_webhook_events_participant_id_idx on public.stripe_webhook_events (participant_id);

alter table public.stripe_webhook_events enable row level security;
revoke all on public.stripe_webhook_events from anon, authenticated;
grant select on public.stripe_webhook_events to authenticated;
grant select on public.stripe_webhook_events to service_role;

create policy "Admins read applied Stripe events"
  on public.stripe_webhook_events for select
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Amount and hold
-- ---------------------------------------------------------------------------------------------

-- What a registration costs, in Rappen: the event's price for each person booked. (One person
-- per registration until registrations carry a number of persons.)
create or replace function private.registration_amount_cents(p_participant_id uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select (round(e.price * 100))::integer
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$$;

revoke all on function private.registration_amount_cents(uuid) from public;

-- How long a seat is held for an unpaid online registration (Stripe's shortest session life).
create or replace function private.payment_hold()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 minutes' $$;

revoke all on function private.payment_hold() from public;

-- A visitor's new online registration (the insert carrying a confirmation token, as in
-- 20261124000300) holds its seat for the hold period, in which the visitor is sent to Stripe,
-- whichever migration defines register_for_event. An admin's entry holds nothing.
create or replace function private.participants_start_payment_hold()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.payment_method = 'stripe' and new.payment_status = 'pending' and new.hold_expires_at is null
    and new.confirmation_token_hash is not null then
    new.hold_expires_at := now() + private.payment_hold();
  end if;
  return new;
end;
$$;

revoke all on function private.participants_start_payment_hold() from public;

create trigger participants_start_payment_hold before insert on public.participants
  for each row execute function private.participants_start_payment_hold();

-- The registration a visitor's token proves, locked for the caller's transaction.
create or replace function private.participant_by_token(p_participant_id uuid, p_token text)
returns public.participants
language sql
volatile
set search_path = ''
as $$
  select p.* from public.participants p
  where p.id = p_participant_id
    and p.confirmation_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
  for update
$$;

revoke all on function private.participant_by_token(uuid, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Checkout (service role: the create-checkout function)
-- ---------------------------------------------------------------------------------------------

-- What create-checkout needs to open (or reopen) the Stripe session of a registration, if the
-- token is right and the registration is still waiting for its online payment:
-- {state: 'open', url} when a session is open; otherwise {state: 'new', amount_cents, title,
-- email, expires_at, idempotency_key}, the hold extended so the session can live 30 minutes.
-- Errors: PARTICIPANT_NOT_FOUND (unknown id or wrong token), PAYMENT_NOT_OPEN (paid, released,
-- cancelled, or not an online payment; DETAIL says which payment_status).
create or replace function public.begin_checkout(p_participant_id uuid, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
  v_title text;
begin
  v_participant := private.participant_by_token(p_participant_id, p_token);
  if v_participant.id is null then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  if v_participant.payment_method <> 'stripe' or v_participant.payment_status <> 'pending'
    or v_participant.hold_expires_at is null or v_participant.hold_expires_at <= now() then
    raise exception 'PAYMENT_NOT_OPEN' using detail = v_participant.payment_status;
  end if;
  if v_participant.checkout_session_id is not null then
    return jsonb_build_object('state', 'open', 'url', v_participant.checkout_url,
      'session_id', v_participant.checkout_session_id);
  end if;
  -- Stripe wants a session to live at least 30 minutes: the hold starts again now (a minute
  -- more, for the way to Stripe). The same hold gives the same idempotency key, so two
  -- concurrent calls open one session.
  if v_participant.hold_expires_at < now() + private.payment_hold() then
    update public.participants p
       set hold_expires_at = date_trunc('second', now() + private.payment_hold() + interval '1 minute')
     where p.id = v_participant.id
    returning * into v_participant;
  end if;
  select e.title into v_title from public.events e where e.id = v_participant.event_id;
  return jsonb_build_object(
    'state', 'new',
    'participant_id', v_participant.id,
    'amount_cents', private.registration_amount_cents(v_participant.id),
    'title', v_title,
    'email', v_participant.email,
    'expires_at', extract(epoch from v_participant.hold_expires_at)::bigint,
    'idempotency_key', 'checkout-' || v_participant.id || '-' || extract(epoch from v_participant.hold_expires_at)::bigint
  );
end;
$$;

revoke all on function public.begin_checkout(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_checkout(uuid, text) to service_role;

-- Stores the session Stripe opened. The hold follows the session's expiry. Idempotent: the
-- same session again changes nothing; another session while one is stored is refused.
create or replace function public.record_checkout_session(
  p_participant_id uuid,
  p_session_id text,
  p_url text,
  p_expires_at timestamptz
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  select * into v_participant from public.participants p where p.id = p_participant_id for update;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  if v_participant.checkout_session_id = p_session_id then
    return;
  end if;
  if v_participant.checkout_session_id is not null or v_participant.payment_status <> 'pending'
    or v_participant.payment_method <> 'stripe' then
    raise exception 'PAYMENT_NOT_OPEN' using detail = v_participant.payment_status;
  end if;
  update public.participants p
     set checkout_session_id = p_session_id,
         checkout_url = p_url,
         hold_expires_at = greatest(p.hold_expires_at, p_expires_at)
   where p.id = p_participant_id;
end;
$$;

revoke all on function public.record_checkout_session(uuid, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.record_checkout_session(uuid, text, text, timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Webhook events (service role: the stripe-webhook function, after verifying the signature)
-- ---------------------------------------------------------------------------------------------

-- Records the event id; false when it was applied before (Stripe repeats events).
create or replace function private.first_delivery(p_event_id text, p_type text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  insert into public.stripe_webhook_events (id, type, outcome)
  values (p_event_id, p_type, 'ignored')
  on conflict (id) do nothing;
  return found;
end;
$$;

revoke all on function private.first_delivery(text, text) from public;

create or replace function private.note_outcome(p_event_id text, p_participant_id uuid, p_outcome text)
returns text
language sql
volatile
set search_path = ''
as $$
  update public.stripe_webhook_events w
     set participant_id = p_participant_id, outcome = p_outcome
   where w.id = p_event_id
  returning w.outcome
$$;

revoke all on function private.note_outcome(text, uuid, text) from public;

-- checkout.session.completed: the registration of that session is paid, and its receipt is
-- queued. Returns 'paid', 'duplicate' (event seen before) or 'ignored' (no such session, or
-- not waiting for payment any more).
create or replace function public.complete_checkout(
  p_event_id text,
  p_session_id text,
  p_payment_intent_id text,
  p_amount_cents integer
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  if not private.first_delivery(p_event_id, 'checkout.session.completed') then
    return 'duplicate';
  end if;
  update public.participants p
     set payment_status = 'paid',
         payment_intent_id = p_payment_intent_id,
         amount_paid_cents = p_amount_cents,
         paid_at = now(),
         checkout_url = null
   where p.checkout_session_id = p_session_id and p.payment_status = 'pending'
  returning * into v_participant;
  if not found then
    select * into v_participant from public.participants p where p.checkout_session_id = p_session_id;
    return private.note_outcome(p_event_id, v_participant.id, 'ignored');
  end if;
  perform private.enqueue_mail(
    'payment_receipt',
    v_participant.email,
    private.booking_mail_payload(v_participant.id)
      || jsonb_build_object('payment', jsonb_build_object(
        'amountCents', p_amount_cents,
        'paidAt', v_participant.paid_at
      )),
    v_participant.id
  );
  return private.note_outcome(p_event_id, v_participant.id, 'paid');
end;
$$;

revoke all on function public.complete_checkout(text, text, text, integer) from public, anon, authenticated;
grant execute on function public.complete_checkout(text, text, text, integer) to service_role;

-- Gives the seat of an unpaid online registration back: cancelled, with the time the hold ran out.
create or replace function private.release_hold(p_participant_id uuid)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
begin
  update public.participants p
     set payment_status = 'cancelled',
         hold_released_at = now(),
         checkout_url = null
   where p.id = p_participant_id and p.payment_status = 'pending' and p.payment_method = 'stripe';
  return found;
end;
$$;

revoke all on function private.release_hold(uuid) from public;

-- checkout.session.expired: the registration is released and its seat is free again.
-- Returns 'released', 'duplicate' or 'ignored'.
create or replace function public.expire_checkout(p_event_id text, p_session_id text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant_id uuid;
begin
  if not private.first_delivery(p_event_id, 'checkout.session.expired') then
    return 'duplicate';
  end if;
  select p.id into v_participant_id
  from public.participants p where p.checkout_session_id = p_session_id for update;
  if v_participant_id is null or not private.release_hold(v_participant_id) then
    return private.note_outcome(p_event_id, v_participant_id, 'ignored');
  end if;
  return private.note_outcome(p_event_id, v_participant_id, 'released');
end;
$$;

revoke all on function public.expire_checkout(text, text) from public, anon, authenticated;
grant execute on function public.expire_checkout(text, text) to service_role;

-- Registrations whose visitor never reached Stripe (no session) are released when their hold
-- runs out; those with a session are released by Stripe's checkout.session.expired.
create or replace function public.release_expired_holds()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer := 0;
  v_id uuid;
begin
  for v_id in
    select p.id from public.participants p
     where p.payment_status = 'pending' and p.hold_expires_at < now() and p.checkout_session_id is null
     for update skip locked
  loop
    if private.release_hold(v_id) then
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end;
$$;

revoke all on function public.release_expired_holds() from public, anon, authenticated;
grant execute on function public.release_expired_holds() to service_role;

-- ---------------------------------------------------------------------------------------------
-- The visitor's view of their payment (token from register_for_event)
-- ---------------------------------------------------------------------------------------------

-- {state, payment_method, amount_cents, event_title, checkout_url}: state 'paid', 'open'
-- (online payment not done yet: checkout_url to try again), 'expired' (hold ran out),
-- 'pending' (pay on site or by invoice), 'cancelled', 'refunded'. Null for an unknown id or a
-- wrong token alike.
create or replace function public.payment_state(p_participant_id uuid, p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'state', case
      when p.payment_status = 'paid' then 'paid'
      when p.payment_status = 'refunded' then 'refunded'
      when p.hold_released_at is not null then 'expired'
      when p.payment_status = 'cancelled' then 'cancelled'
      when p.payment_method = 'stripe' then 'open'
      else 'pending'
    end,
    'payment_method', p.payment_method,
    'amount_cents', coalesce(p.amount_paid_cents, private.registration_amount_cents(p.id)),
    'event_title', e.title,
    'checkout_url', case when p.payment_status = 'pending' then p.checkout_url end
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
    and p.confirmation_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
$$;

revoke all on function public.payment_state(uuid, text) from public;
grant execute on function public.payment_state(uuid, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Refunds (the refund-payment function: the admin's own client asks, the service role records)
-- ---------------------------------------------------------------------------------------------

-- What to refund for a paid online registration: {payment_intent_id, amount_cents}.
-- Errors: PARTICIPANT_NOT_FOUND, NOT_REFUNDABLE (not paid online, or refunded already).
create or replace function public.admin_refund_details(p_participant_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  select * into v_participant from public.participants p where p.id = p_participant_id;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  if v_participant.payment_status <> 'paid' or v_participant.payment_intent_id is null then
    raise exception 'NOT_REFUNDABLE' using detail = v_participant.payment_status;
  end if;
  return jsonb_build_object(
    'payment_intent_id', v_participant.payment_intent_id,
    'amount_cents', v_participant.amount_paid_cents
  );
end;
$$;

revoke all on function public.admin_refund_details(uuid) from public, anon;
grant execute on function public.admin_refund_details(uuid) to authenticated, service_role;

-- Stripe refunded the payment: the registration is 'refunded' (and gives its seat back).
-- Idempotent for the same refund.
create or replace function public.record_refund(p_participant_id uuid, p_refund_id text)
returns public.participants
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  update public.participants p
     set payment_status = 'refunded', refund_id = p_refund_id, refunded_at = now()
   where p.id = p_participant_id
     and (p.payment_status = 'paid' and p.payment_intent_id is not null or p.refund_id = p_refund_id)
  returning * into v_participant;
  if not found then
    raise exception 'NOT_REFUNDABLE';
  end if;
  return v_participant;
end;
$$;

revoke all on function public.record_refund(uuid, text) from public, anon, authenticated;
grant execute on function public.record_refund(uuid, text) to service_role;

-- A refunded registration no longer takes a seat: counted like a cancelled one.
create or replace function private.events_count_participants()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.current_participants := (
    select count(*)
    from public.participants p
    where p.event_id = new.id and p.payment_status not in ('cancelled', 'refunded')
  );
  return new;
end;
$$;

create or replace function private.participants_touch_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
    and new.event_id = old.event_id
    and (new.payment_status in ('cancelled', 'refunded')) = (old.payment_status in ('cancelled', 'refunded')) then
    return null;
  end if;
  update public.events e
  set current_participants = e.current_participants
  where e.id in (
    case when tg_op <> 'DELETE' then new.event_id end,
    case when tg_op <> 'INSERT' then old.event_id end
  );
  return null;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The receipt mail
-- ---------------------------------------------------------------------------------------------

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (
  kind in ('participant_confirmation', 'registration_notice', 'enquiry_notice', 'newsletter_notice',
    'payment_receipt')
);

-- ---------------------------------------------------------------------------------------------
-- Schedule: release holds every minute (Supabase Cron; guarded as in 20261124000300)
-- ---------------------------------------------------------------------------------------------

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('release-expired-holds', '* * * * *', 'select public.release_expired_holds()');
  end if;
end;
$$;
