-- Refunds after a visitor's own cancellation or reduction (issue 15). change_booking
-- (20261125001310) writes one booking_changes row per change; a trigger on it queues what the
-- money needs in public.refund_requests, in the same transaction:
-- * paid online (Stripe): a refund of the difference (all that is left on cancel; on a reduction
--   what was paid minus the price of the persons kept), made by the process-refunds edge function
--   through Stripe with the request id as idempotency key, retried with the outbox's backoff;
-- * online, not paid yet (open Checkout session): the session is expired at Stripe, so it can no
--   longer be paid (on a reduction a new session with the new amount is opened on the next try);
-- * paid otherwise (invoice, on site): the money goes back by bank transfer, which the admin does
--   and records ('Rückerstattung erfasst'); until then the request is open in the admin.
-- A Checkout session paid although its booking was cancelled meanwhile is refunded in full too.
-- See docs/data-model.md ("Refunds").

-- ---------------------------------------------------------------------------------------------
-- When a registration was paid: Stripe stamps paid_at; now every way to 'paid' does
-- ---------------------------------------------------------------------------------------------

create or replace function private.participants_stamp_paid_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.payment_status = 'paid' and old.payment_status <> 'paid' and new.paid_at is null then
    new.paid_at := now();
  elsif new.payment_status = 'pending' and new.payment_intent_id is null then
    new.paid_at := null;
  end if;
  return new;
end;
$$;

revoke all on function private.participants_stamp_paid_at() from public;

create trigger participants_stamp_paid_at before update of payment_status on public.participants
  for each row execute function private.participants_stamp_paid_at();

update public.participants p
   set paid_at = p.updated_at
 where p.payment_status = 'paid' and p.paid_at is null and p.payment_method in ('invoice', 'onsite');

-- ---------------------------------------------------------------------------------------------
-- The queue
-- ---------------------------------------------------------------------------------------------

create table public.refund_requests (
  id uuid primary key default gen_random_uuid(),
  -- Kept when an admin deletes the registration: the money still has to go back.
  participant_id uuid references public.participants (id) on delete set null,
  -- At most one request per change, however often the trigger's transaction is retried.
  booking_change_id uuid unique references public.booking_changes (id) on delete set null,
  -- 'stripe_refund', 'expire_checkout' (by process-refunds) or 'manual_refund' (the admin's).
  kind text not null,
  amount_cents integer,
  payment_intent_id text,
  checkout_session_id text,
  -- queued -> sending -> done | failed; a manual refund stays queued until the admin records it.
  state text not null default 'queued',
  attempts integer not null default 0,
  max_attempts integer not null default 10,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  refund_id text,
  done_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint refund_requests_kind_check check (kind in ('stripe_refund', 'expire_checkout', 'manual_refund')),
  constraint refund_requests_state_check check (state in ('queued', 'sending', 'done', 'failed')),
  constraint refund_requests_amount_check check (
    (kind = 'expire_checkout') = (amount_cents is null) and coalesce(amount_cents, 1) > 0
  ),
  constraint refund_requests_stripe_check check (
    (kind <> 'stripe_refund' or payment_intent_id is not null)
    and (kind <> 'expire_checkout' or checkout_session_id is not null)
  ),
  constraint refund_requests_done_check check ((state = 'done') = (done_at is not null)),
  constraint refund_requests_attempts_check check (attempts >= 0 and max_attempts >= 1),
  constraint refund_requests_last_error_check check (char_length(last_error) <= 2000)
);

comment on table public.refund_requests is
  'Money to give back after a visitor''s change (and paid sessions of cancelled bookings); written by SQL functions, done by process-refunds or the admin.';

-- The worker's queue by time (partial: finished requests cost nothing).
create index refund_requests_due_idx on public.refund_requests (next_attempt_at)
  where state in ('queued', 'sending') and kind <> 'manual_refund';
create index refund_requests_participant_id_idx on public.refund_requests (participant_id);

create trigger refund_requests_set_updated_at before update on public.refund_requests
  for each row execute function private.set_updated_at();

alter table public.refund_requests enable row level security;
revoke all on public.refund_requests from anon, authenticated;
grant select on public.refund_requests to authenticated;
grant select on public.refund_requests to service_role;

create policy "Admins read refund requests"
  on public.refund_requests for select
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Waking an edge function (pg_net after commit; Supabase Cron every minute as the fallback)
-- ---------------------------------------------------------------------------------------------

-- kick_outbox's body for any function: best effort, never fails what called it.
create or replace function private.kick_edge_function(p_name text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null
    or to_regclass('vault.decrypted_secrets') is null then
    return;
  end if;
  begin
    execute $sql$
      select
        (select decrypted_secret from vault.decrypted_secrets where name = 'project_url'),
        (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
    $sql$ into v_url, v_key;
    if v_url is null or v_key is null then
      return;
    end if;
    execute 'select net.http_post(url => $1, body => $2, headers => $3, timeout_milliseconds => $4)'
      using rtrim(v_url, '/') || '/functions/v1/' || p_name,
        '{}'::jsonb,
        jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key),
        60000;
  exception when others then
    raise warning 'kick_edge_function(%): %', p_name, sqlerrm;
  end;
end;
$$;

revoke all on function private.kick_edge_function(text) from public;

-- The same as before, now through the one helper.
create or replace function private.kick_outbox()
returns void
language sql
volatile
security definer
set search_path = ''
as $$ select private.kick_edge_function('process-outbox') $$;

revoke all on function private.kick_outbox() from public;

select private.schedule_job('process-refunds', '* * * * *', $$select private.kick_edge_function('process-refunds')$$);

-- ---------------------------------------------------------------------------------------------
-- Queueing
-- ---------------------------------------------------------------------------------------------

-- Refunds queued or made for a registration so far (in Rappen), manual ones included.
create or replace function private.refunded_cents(p_participant_id uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(r.amount_cents), 0)::integer
    from public.refund_requests r
   where r.participant_id = p_participant_id and r.kind <> 'expire_checkout' and r.state <> 'failed'
$$;

revoke all on function private.refunded_cents(uuid) from public;

create or replace function private.queue_refund_request(
  p_participant_id uuid,
  p_change_id uuid,
  p_kind text,
  p_amount_cents integer,
  p_payment_intent_id text,
  p_session_id text
)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if p_kind <> 'expire_checkout' and coalesce(p_amount_cents, 0) <= 0 then
    return;
  end if;
  insert into public.refund_requests (participant_id, booking_change_id, kind, amount_cents, payment_intent_id, checkout_session_id)
  values (p_participant_id, p_change_id, p_kind, p_amount_cents, p_payment_intent_id, p_session_id)
  on conflict (booking_change_id) do nothing;
  if found and p_kind <> 'manual_refund' then
    perform private.kick_edge_function('process-refunds');
  end if;
end;
$$;

revoke all on function private.queue_refund_request(uuid, uuid, text, integer, text, text) from public;

-- After change_booking: what the money needs. The registration row already shows the change
-- (cancelled, or the fewer persons); paid_at tells whether money came in.
create or replace function private.booking_changes_queue_refund()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
  v_paid integer;
  v_keep integer;
begin
  select * into v_participant from public.participants p where p.id = new.participant_id;
  if v_participant.paid_at is not null and v_participant.payment_method in ('stripe', 'invoice', 'onsite') then
    -- What came in: Stripe's amount, else the price of the persons booked before the change
    -- plus those given back earlier.
    v_paid := coalesce(
      v_participant.amount_paid_cents,
      private.registration_amount_cents(v_participant.id) / greatest(v_participant.persons, 1)
        * (new.persons_before + coalesce((
          select sum(c.persons_before - c.persons_after)::integer
            from public.booking_changes c
           where c.participant_id = v_participant.id and c.id <> new.id
        ), 0))
    );
    v_keep := case when new.kind = 'cancelled' then 0 else private.registration_amount_cents(v_participant.id) end;
    perform private.queue_refund_request(
      v_participant.id,
      new.id,
      case when v_participant.payment_method = 'stripe' then 'stripe_refund' else 'manual_refund' end,
      greatest(v_paid - private.refunded_cents(v_participant.id) - v_keep, 0),
      v_participant.payment_intent_id,
      null
    );
  elsif v_participant.payment_method = 'stripe' and v_participant.checkout_session_id is not null then
    -- Not paid: the open session must not be paid any more (cancel), or not at the old amount
    -- (reduce: the next 'Jetzt bezahlen' opens a new session with the new amount).
    perform private.queue_refund_request(
      v_participant.id, new.id, 'expire_checkout', null, null, v_participant.checkout_session_id
    );
    if new.kind = 'reduced' then
      update public.participants p
         set checkout_session_id = null, checkout_url = null
       where p.id = v_participant.id;
    end if;
  end if;
  return null;
end;
$$;

revoke all on function private.booking_changes_queue_refund() from public;

create trigger booking_changes_queue_refund after insert on public.booking_changes
  for each row execute function private.booking_changes_queue_refund();

-- ---------------------------------------------------------------------------------------------
-- The worker (service role: process-refunds)
-- ---------------------------------------------------------------------------------------------

-- Takes due Stripe requests (for update skip locked: two runs never take the same one) and
-- leases them; a run that dies leaves them to the next after the lease.
create or replace function public.claim_refund_requests(p_limit integer default 10, p_lease_seconds integer default 120)
returns setof public.refund_requests
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  update public.refund_requests r
     set state = 'sending',
         attempts = r.attempts + 1,
         locked_until = now() + make_interval(secs => greatest(p_lease_seconds, 10))
   where r.id in (
     select d.id from public.refund_requests d
      where d.kind <> 'manual_refund'
        and ((d.state = 'queued' and d.next_attempt_at <= now())
          or (d.state = 'sending' and d.locked_until < now()))
      order by d.next_attempt_at
      limit greatest(least(p_limit, 100), 1)
      for update skip locked
   )
  returning r.*;
end;
$$;

revoke all on function public.claim_refund_requests(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_refund_requests(integer, integer) to service_role;

-- The visitor's mail: the refund is on its way.
create or replace function private.queue_refund_mail(p_request public.refund_requests)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_email text;
begin
  select p.email into v_email from public.participants p where p.id = p_request.participant_id;
  if v_email is null then
    return;
  end if;
  perform private.enqueue_mail(
    'refund_issued',
    v_email,
    private.booking_mail_payload(p_request.participant_id)
      || jsonb_build_object('refund', jsonb_build_object(
        'amountCents', p_request.amount_cents,
        'method', case when p_request.kind = 'stripe_refund' then 'stripe' else 'transfer' end
      )),
    p_request.participant_id
  );
end;
$$;

revoke all on function private.queue_refund_mail(public.refund_requests) from public;

-- A request is done: a full refund of a registration that no longer holds seats makes it
-- 'refunded' ('Erstattet'); a partial one leaves it as it is. Mail to the visitor.
create or replace function private.finish_refund_request(p_request public.refund_requests, p_refund_id text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  update public.refund_requests r
     set state = 'done', done_at = now(), refund_id = p_refund_id, locked_until = null, last_error = null
   where r.id = p_request.id;
  if p_request.kind = 'expire_checkout' then
    return;
  end if;
  update public.participants p
     set payment_status = 'refunded', refund_id = coalesce(p_refund_id, p.refund_id), refunded_at = now()
   where p.id = p_request.participant_id and p.payment_status = 'cancelled';
  perform private.queue_refund_mail(p_request);
end;
$$;

revoke all on function private.finish_refund_request(public.refund_requests, text) from public;

-- Records one try of a claimed request: p_refund_id on success (a Stripe refund id; for an
-- expired session anything), otherwise p_error and the next try after private.outbox_backoff,
-- or 'failed' after max_attempts or a permanent refusal. Only the claim's holder (same
-- attempt) records. Returns the new state, or null when the claim was no longer this worker's.
create or replace function public.record_refund_attempt(
  p_id uuid,
  p_attempt integer,
  p_refund_id text default null,
  p_error text default null,
  p_permanent boolean default false
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.refund_requests%rowtype;
begin
  select * into v_request from public.refund_requests r
   where r.id = p_id and r.state = 'sending' and r.attempts = p_attempt
   for update;
  if not found then
    return null;
  end if;
  if p_refund_id is not null then
    perform private.finish_refund_request(v_request, p_refund_id);
    return 'done';
  end if;
  update public.refund_requests r
     set state = case when coalesce(p_permanent, false) or r.attempts >= r.max_attempts then 'failed' else 'queued' end,
         locked_until = null,
         last_error = left(coalesce(p_error, 'unknown error'), 2000),
         next_attempt_at = now() + private.outbox_backoff(r.attempts)
   where r.id = p_id
  returning r.state into v_request.state;
  return v_request.state;
end;
$$;

revoke all on function public.record_refund_attempt(uuid, integer, text, text, boolean) from public, anon, authenticated;
grant execute on function public.record_refund_attempt(uuid, integer, text, text, boolean) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Stripe: a cancelled booking's session paid anyway is refunded in full
-- ---------------------------------------------------------------------------------------------

alter table public.stripe_webhook_events drop constraint stripe_webhook_events_outcome_check;
alter table public.stripe_webhook_events add constraint stripe_webhook_events_outcome_check
  check (outcome in ('paid', 'released', 'ignored', 'refunding'));

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
    -- Paid while (or after) the visitor cancelled or reduced: the session was meant to be
    -- expired, so the money goes back in full.
    select p.* into v_participant
      from public.participants p
     where p.checkout_session_id = p_session_id
        or p.id = (select r.participant_id from public.refund_requests r
                    where r.kind = 'expire_checkout' and r.checkout_session_id = p_session_id limit 1)
     limit 1;
    if v_participant.id is not null and p_amount_cents > 0 and v_participant.hold_released_at is null
      and (v_participant.payment_status = 'cancelled'
        or exists (select 1 from public.refund_requests r
                    where r.kind = 'expire_checkout' and r.checkout_session_id = p_session_id)) then
      update public.participants p
         set payment_intent_id = coalesce(p.payment_intent_id, p_payment_intent_id),
             amount_paid_cents = coalesce(p.amount_paid_cents, p_amount_cents),
             paid_at = coalesce(p.paid_at, now())
       where p.id = v_participant.id and p.payment_status = 'cancelled';
      perform private.queue_refund_request(v_participant.id, null, 'stripe_refund', p_amount_cents, p_payment_intent_id, null);
      return private.note_outcome(p_event_id, v_participant.id, 'refunding');
    end if;
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

-- ---------------------------------------------------------------------------------------------
-- The admin's refunds
-- ---------------------------------------------------------------------------------------------

-- record_refund (refund-payment, after Stripe refunded): also a cancelled registration that was
-- paid online (its automatic refund failed, or the admin was quicker); it becomes 'refunded'.
-- Idempotent for the same refund. Open Stripe requests of the registration are closed with it.
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
     and (p.payment_status in ('paid', 'cancelled') and p.payment_intent_id is not null and p.paid_at is not null
       or p.refund_id = p_refund_id)
  returning * into v_participant;
  if not found then
    raise exception 'NOT_REFUNDABLE';
  end if;
  update public.refund_requests r
     set state = 'done', done_at = now(), refund_id = p_refund_id, locked_until = null
   where r.participant_id = p_participant_id and r.kind = 'stripe_refund' and r.state in ('queued', 'failed');
  return v_participant;
end;
$$;

revoke all on function public.record_refund(uuid, text) from public, anon, authenticated;
grant execute on function public.record_refund(uuid, text) to service_role;

-- What 'Rückerstatten' refunds: {payment_intent_id, amount_cents} = what is left of the payment.
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
  if v_participant.payment_status not in ('paid', 'cancelled') or v_participant.payment_intent_id is null
    or v_participant.paid_at is null then
    raise exception 'NOT_REFUNDABLE' using detail = v_participant.payment_status;
  end if;
  return jsonb_build_object(
    'payment_intent_id', v_participant.payment_intent_id,
    'amount_cents', v_participant.amount_paid_cents - private.refunded_cents(v_participant.id)
  );
end;
$$;

revoke all on function public.admin_refund_details(uuid) from public, anon;
grant execute on function public.admin_refund_details(uuid) to authenticated, service_role;

-- 'Rückerstattung erfasst': the admin has sent money back by bank transfer for a booking paid by
-- invoice or on site. Closes its open manual requests (mail to the visitor each); a booking that
-- is cancelled, or paid and refunded in full (no open request), becomes 'refunded'.
-- Errors: PARTICIPANT_NOT_FOUND, NOT_REFUNDABLE (paid online: use 'Rückerstatten'; not paid).
create or replace function public.admin_record_manual_refund(p_participant_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
  v_request public.refund_requests%rowtype;
  v_open boolean := false;
begin
  perform private.require_admin();
  select * into v_participant from public.participants p where p.id = p_participant_id for update;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  if v_participant.payment_method not in ('invoice', 'onsite') or v_participant.paid_at is null
    or v_participant.payment_status not in ('paid', 'cancelled') then
    raise exception 'NOT_REFUNDABLE' using detail = v_participant.payment_status;
  end if;
  for v_request in
    select * from public.refund_requests r
     where r.participant_id = p_participant_id and r.kind = 'manual_refund' and r.state = 'queued'
     for update
  loop
    v_open := true;
    update public.refund_requests r set state = 'done', done_at = now() where r.id = v_request.id;
    perform private.queue_refund_mail(v_request);
  end loop;
  if v_open and v_participant.payment_status = 'paid' then
    -- A reduction's difference: the booking stays paid for the persons kept.
    return 'paid';
  end if;
  if not v_open then
    -- Paid, no visitor change: the admin gives back all that is left.
    insert into public.refund_requests (participant_id, kind, amount_cents, state, done_at)
    values (p_participant_id, 'manual_refund',
            greatest(private.registration_amount_cents(p_participant_id) - private.refunded_cents(p_participant_id), 1),
            'done', now())
    returning * into v_request;
    perform private.queue_refund_mail(v_request);
  end if;
  -- refund_id/refunded_at are Stripe's (participants_stripe_columns_check); the transfer's time
  -- is the request's done_at.
  update public.participants p set payment_status = 'refunded' where p.id = p_participant_id;
  return 'refunded';
end;
$$;

revoke all on function public.admin_record_manual_refund(uuid) from public, anon;
grant execute on function public.admin_record_manual_refund(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Mail kind
-- ---------------------------------------------------------------------------------------------

select private.add_mail_kinds(array['refund_issued']);
