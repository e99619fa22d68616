-- One booking state machine for every actor (issue 24).
--
-- Until now participants.payment_status ('pending', 'paid', 'cancelled', 'refunded') was both the
-- booking's state and its payment's, and admin functions wrote it directly, around the rules a
-- visitor meets (admin_set_payment_status revived refunded bookings into full events). Here:
--
-- * participants.status is the booking's own state: held (online payment open until
--   hold_expires_at), confirmed, cancelled, expired. Seats are held by status, in one place
--   (private.holds_seats), which availability() keeps reading through current_participants.
-- * Money lives in rows: public.payments (method card/twint/invoice/onsite, amount, currency,
--   provider reference, state succeeded/mismatch/rejected) and public.refund_requests (the refund
--   rows, with reason and who asked). Paid, refunded and open amounts are derived
--   (private.booking_money), never stored as a word.
-- * Every change is one SQL transition: it locks the event, then the booking, checks the current
--   status, re-checks capacity where seats are taken again, writes the status and money rows,
--   one public.booking_history row, and queues the customer's mail in the same transaction.
--   Staff lose their direct table writes; the admin area calls the admin_* transitions only.
-- * complete_checkout checks amount and currency against what is owed at that moment; a stale
--   session (persons changed, moved, cancelled) can no longer complete a booking.
-- * Events with bookings that hold seats or carry money cannot be deleted (cancel them instead,
--   admin_cancel_event); the last admin cannot be deleted either.
--
-- See docs/data-model.md ("Booking status and money") for the table of statuses, transitions
-- and money rows.

-- =================================================================================================
-- 1. The booking's status
-- =================================================================================================

alter table public.participants add column status text;

update public.participants p
   set status = case
     when p.payment_status = 'paid' then 'confirmed'
     when p.payment_status = 'pending' and p.payment_method = 'stripe'
       and p.hold_expires_at is not null and p.hold_released_at is null then 'held'
     when p.payment_status = 'pending' then 'confirmed'
     when p.payment_status = 'cancelled' and p.hold_released_at is not null then 'expired'
     else 'cancelled'
   end;

-- A concession by staff (admin_refund beyond what was overpaid, the booking kept): what the
-- booking owes is its price less this.
alter table public.participants
  add column discount_cents integer not null default 0 check (discount_cents >= 0);
comment on column public.participants.discount_cents is
  'Goodwill granted by staff on a booking that stays (admin_refund beyond the excess): owed = price x persons - discount.';

alter table public.participants
  alter column status set not null,
  alter column status set default 'confirmed',
  add constraint participants_status_check
    check (status in ('held', 'confirmed', 'cancelled', 'expired'));

comment on column public.participants.status is
  'The booking''s state: held (online payment open until hold_expires_at), confirmed, cancelled, expired (hold lapsed). Seats are held while held or confirmed (private.holds_seats). Written only by the transitions; see docs/data-model.md.';

-- =================================================================================================
-- 2. Money rows
-- =================================================================================================

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references public.participants (id) on delete restrict,
  method text not null check (method in ('card', 'twint', 'invoice', 'onsite')),
  amount_cents integer not null,
  currency text not null default 'CHF' check (currency ~ '^[A-Z]{3}$'),
  provider_reference text check (char_length(provider_reference) between 1 and 255),
  state text not null default 'succeeded' check (state in ('succeeded', 'mismatch', 'rejected')),
  note text not null default '' check (char_length(note) <= 2000),
  recorded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payments_amount_check check (amount_cents > 0 or (state <> 'succeeded' and amount_cents >= 0))
);

create index payments_participant_id_idx on public.payments (participant_id);
create index payments_recorded_by_idx on public.payments (recorded_by);
create index payments_review_idx on public.payments (participant_id) where state = 'mismatch';

create trigger payments_set_updated_at before update on public.payments
  for each row execute function private.set_updated_at();

alter table public.payments enable row level security;
create policy "Admins read payments" on public.payments
  for select to authenticated using ((select public.is_admin()));
revoke all on table public.payments from anon, authenticated;
grant select on table public.payments to authenticated;

comment on table public.payments is
  'Money received for a booking: one row per payment (card, TWINT, invoice, on site). A mismatch row is money Stripe took that did not match what was owed: it does not count as paid and flags the booking (Zahlung prüfen) until an admin accepts or rejects it. Written by the transitions only.';

-- The refund rows: refund_requests already were (kinds stripe_refund / manual_refund; the kind
-- expire_checkout is the queue's only). They gain why, who, and which payment they return.
alter table public.refund_requests
  add column reason text not null default '' check (char_length(reason) <= 2000),
  add column created_by uuid references auth.users (id) on delete set null,
  add column payment_id uuid references public.payments (id) on delete restrict,
  add column notify boolean not null default true;

create index refund_requests_created_by_idx on public.refund_requests (created_by);
create index refund_requests_payment_id_idx on public.refund_requests (payment_id);

comment on column public.refund_requests.payment_id is 'The payment this refund returns (Stripe refunds name its payment intent).';
comment on column public.refund_requests.notify is 'Whether finishing the refund mails refund_issued (false when the staff cancellation mail already told the amount).';

-- What was paid, from the columns that leave participants below. Free bookings paid nothing.
-- Invoice and on-site bookings: the price of the persons booked before any reduction.
insert into public.payments (participant_id, method, amount_cents, currency, provider_reference, note, created_at)
select p.id,
       case p.payment_method when 'stripe' then 'card' else p.payment_method end,
       coalesce(
         p.amount_paid_cents,
         (round(e.price * 100))::integer * (p.persons + coalesce((
           select sum(c.persons_before - c.persons_after)::integer
             from public.booking_changes c
            where c.participant_id = p.id and c.kind = 'reduced'
         ), 0))
       ),
       'CHF',
       p.payment_intent_id,
       'Übernommen aus dem früheren Zahlungsstatus',
       coalesce(p.paid_at, p.updated_at)
  from public.participants p
  join public.events e on e.id = p.event_id
 where p.payment_method <> 'free'
   and (p.paid_at is not null or p.payment_status in ('paid', 'refunded') or p.amount_paid_cents is not null)
   and coalesce(p.amount_paid_cents, (round(e.price * 100))::integer) > 0;

update public.refund_requests r
   set payment_id = (select y.id from public.payments y where y.participant_id = r.participant_id limit 1)
 where r.kind <> 'expire_checkout' and r.participant_id is not null;

-- Refunded bookings without a refund row (refunded through Stripe's dashboard flow or set by
-- hand): one done refund row for what was left.
insert into public.refund_requests (participant_id, kind, amount_cents, payment_intent_id, refund_id, state, done_at, payment_id, reason, notify)
select p.id,
       case when p.payment_method = 'stripe' and p.payment_intent_id is not null then 'stripe_refund' else 'manual_refund' end,
       y.amount_cents - coalesce((
         select sum(r.amount_cents)::integer from public.refund_requests r
          where r.participant_id = p.id and r.kind <> 'expire_checkout' and r.state <> 'failed'
       ), 0),
       case when p.payment_method = 'stripe' then p.payment_intent_id end,
       p.refund_id,
       'done',
       coalesce(p.refunded_at, p.updated_at),
       y.id,
       'Übernommen aus dem früheren Zahlungsstatus',
       false
  from public.participants p
  join public.payments y on y.participant_id = p.id
 where p.payment_status = 'refunded'
   and y.amount_cents > coalesce((
         select sum(r.amount_cents)::integer from public.refund_requests r
          where r.participant_id = p.id and r.kind <> 'expire_checkout' and r.state <> 'failed'
       ), 0);

-- =================================================================================================
-- 3. The columns that leave participants
-- =================================================================================================

drop trigger participants_stamp_paid_at on public.participants;
drop function private.participants_stamp_paid_at();
drop index public.participants_open_holds_idx;

alter table public.participants
  drop column payment_status,
  drop column amount_paid_cents,
  drop column paid_at,
  drop column payment_intent_id,
  drop column refund_id,
  drop column refunded_at;

alter table public.participants drop constraint if exists participants_stripe_columns_check;
alter table public.participants
  add constraint participants_stripe_columns_check
    check (payment_method = 'stripe' or (checkout_session_id is null and hold_expires_at is null)),
  add constraint participants_held_check
    check (status <> 'held' or (payment_method = 'stripe' and hold_expires_at is not null));

create index participants_open_holds_idx on public.participants (hold_expires_at)
  where status = 'held';
create index participants_status_idx on public.participants (event_id, status);

comment on column public.participants.hold_released_at is 'When the hold ran out unpaid (status expired, ''Reservierung abgelaufen'').';

-- =================================================================================================
-- 4. History
-- =================================================================================================

create table public.booking_history (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references public.participants (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  actor text not null check (actor in ('visitor', 'admin', 'stripe', 'system')),
  actor_user_id uuid references auth.users (id) on delete set null,
  actor_name text not null default '' check (char_length(actor_name) <= 300),
  action text not null check (action in (
    'booked', 'payment_confirmed', 'payment_mismatch', 'payment_recorded', 'payment_accepted',
    'payment_rejected', 'cancelled_by_visitor', 'reduced_by_visitor', 'cancelled_by_staff',
    'refunded', 'refund_recorded', 'persons_changed', 'moved', 'reactivated', 'hold_expired',
    'waitlist_claimed', 'event_cancelled', 'contact_changed', 'checked_in', 'checkin_undone'
  )),
  status_before text,
  status_after text not null,
  persons_before integer,
  persons_after integer not null,
  event_before uuid,
  event_after uuid not null,
  amount_cents integer,
  note text not null default '' check (char_length(note) <= 2000),
  override boolean not null default false
);

create index booking_history_participant_id_idx on public.booking_history (participant_id, created_at, id);
create index booking_history_actor_user_id_idx on public.booking_history (actor_user_id);

alter table public.booking_history enable row level security;
create policy "Admins read the booking history" on public.booking_history
  for select to authenticated using ((select public.is_admin()));
revoke all on table public.booking_history from anon, authenticated;
grant select on table public.booking_history to authenticated;

comment on table public.booking_history is
  'One row per transition of a booking: when, who (visitor, admin by name, Stripe, system), status and persons before and after, event before and after, amount and note; override marks a capacity override. Written by the transitions only.';

-- Every existing booking starts its history with its booking (and, where it already was, its
-- payment and its end), so no booking has an empty history.
insert into public.booking_history (participant_id, created_at, actor, action, status_before, status_after, persons_before, persons_after, event_before, event_after, note)
select p.id, p.created_at, 'system', 'booked', null,
       case when p.status in ('cancelled', 'expired') then 'confirmed' else p.status end,
       null, p.persons, null, p.event_id, 'Vor der Buchungs-Chronik erfasst'
  from public.participants p;

-- =================================================================================================
-- 5. Seats by status, derived money
-- =================================================================================================

drop function private.holds_seats(text);
create function private.holds_seats(p_status text)
 returns boolean
 language sql
 immutable
 set search_path to ''
as $$ select p_status in ('held', 'confirmed') $$;
revoke all on function private.holds_seats(text) from public;

create or replace function private.booked_persons(p_event_id uuid)
 returns integer
 language sql
 stable security definer
 set search_path to ''
as $$
  select coalesce(sum(p.persons), 0)::integer
  from public.participants p
  where p.event_id = p_event_id and private.holds_seats(p.status)
$$;

create or replace function private.participants_touch_event_seats()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $$
begin
  if tg_op = 'UPDATE'
    and new.event_id = old.event_id
    and new.persons = old.persons
    and private.holds_seats(new.status) = private.holds_seats(old.status) then
    return null;
  end if;
  -- A no-op assignment: events_count_persons recounts the row.
  update public.events e
  set current_participants = e.current_participants
  where e.id in (
    case when tg_op <> 'DELETE' then new.event_id end,
    case when tg_op <> 'INSERT' then old.event_id end
  );
  return null;
end;
$$;

-- Refunds that count: not the queue's expire_checkout, not failed, and not the return of a
-- rejected (never counted) payment.
create or replace function private.refunded_cents(p_participant_id uuid)
 returns integer
 language sql
 stable
 set search_path to ''
as $$
  select coalesce(sum(r.amount_cents), 0)::integer
    from public.refund_requests r
    left join public.payments y on y.id = r.payment_id
   where r.participant_id = p_participant_id and r.kind <> 'expire_checkout' and r.state <> 'failed'
     and (y.id is null or y.state = 'succeeded')
$$;

create function private.booking_money(
  p_participant_id uuid,
  out owed_cents integer,
  out paid_cents integer,
  out refunded_cents integer,
  out balance_cents integer,
  out open_cents integer,
  out excess_cents integer,
  out needs_review boolean,
  out paid_method text
)
 returns record
 language sql
 stable security definer
 set search_path to ''
as $$
  select o.owed,
         m.paid,
         r.refunded,
         m.paid - r.refunded,
         greatest(o.owed - (m.paid - r.refunded), 0),
         greatest((m.paid - r.refunded) - o.owed, 0),
         m.review,
         m.last_method
    from public.participants p
    join public.events e on e.id = p.event_id
   cross join lateral (
     select case when private.holds_seats(p.status)
                 then greatest((round(e.price * 100))::integer * p.persons - p.discount_cents, 0)
                 else 0 end as owed
   ) o
   cross join lateral (
     select coalesce(sum(y.amount_cents) filter (where y.state = 'succeeded'), 0)::integer as paid,
            coalesce(bool_or(y.state = 'mismatch'), false) as review,
            (array_agg(y.method order by y.created_at desc, y.id) filter (where y.state = 'succeeded'))[1] as last_method
       from public.payments y
      where y.participant_id = p.id
   ) m
   cross join lateral (select private.refunded_cents(p.id) as refunded) r
   where p.id = p_participant_id
$$;
revoke all on function private.booking_money(uuid) from public;
grant execute on function private.booking_money(uuid) to authenticated, service_role;

comment on function private.booking_money(uuid) is
  'A booking''s money, derived from its rows: owed (price x persons less discount while it holds seats), paid (succeeded payments), refunded (refund rows not failed), balance, open, excess, needs_review (a mismatch payment), paid_method (latest succeeded payment).';

-- =================================================================================================
-- 6. The transitions' shared parts
-- =================================================================================================

-- The booking locked the way every seat-changing path locks: its event first (no key update, as
-- private.book does), then the booking. A move meanwhile means the wrong event was locked: again
-- (a booking moved back and forth faster than it can be locked: PARTICIPANT_CHANGED).
create function private.lock_booking(p_participant_id uuid)
 returns public.participants
 language plpgsql
 set search_path to ''
as $$
declare
  v_event_id uuid;
  v_participant public.participants%rowtype;
begin
  for v_try in 1..5 loop
    select p.event_id into v_event_id from public.participants p where p.id = p_participant_id;
    if not found then
      raise exception 'PARTICIPANT_NOT_FOUND';
    end if;
    perform 1 from public.events e where e.id = v_event_id for no key update;
    select * into v_participant from public.participants p where p.id = p_participant_id for update;
    if not found then
      raise exception 'PARTICIPANT_NOT_FOUND';
    end if;
    if v_participant.event_id = v_event_id then
      return v_participant;
    end if;
  end loop;
  raise exception 'PARTICIPANT_CHANGED';
end;
$$;
revoke all on function private.lock_booking(uuid) from public;

-- Seats for p_persons more on a locked event: free seats are those neither booked nor offered to
-- the waiting list (availability()'s count). Without room: NOT_ENOUGH_SEATS (DETAIL: seats left),
-- unless the admin explicitly overrides; returns whether the override was needed.
create function private.take_seats(p_event_id uuid, p_persons integer, p_override boolean)
 returns boolean
 language plpgsql
 set search_path to ''
as $$
declare
  v_left integer;
begin
  select e.max_participants - e.current_participants - e.offered_persons into v_left
    from public.events e where e.id = p_event_id;
  if p_persons <= v_left then
    return false;
  end if;
  if coalesce(p_override, false) then
    return true;
  end if;
  raise exception 'NOT_ENOUGH_SEATS' using detail = greatest(v_left, 0)::text;
end;
$$;
revoke all on function private.take_seats(uuid, integer, boolean) from public;

-- One history row: the booking's state now against p_before (null for a new booking).
create function private.write_history(
  p_participant_id uuid,
  p_before public.participants,
  p_action text,
  p_actor text,
  p_amount_cents integer default null,
  p_note text default '',
  p_override boolean default false
)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_after public.participants%rowtype;
  v_user uuid;
  v_name text := '';
begin
  select * into v_after from public.participants p where p.id = p_participant_id;
  if p_actor = 'admin' then
    v_user := auth.uid();
    if v_user is not null then
      select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), u.email::text, '')
        into v_name
        from auth.users u where u.id = v_user;
      if not found then
        v_user := null;
      end if;
    end if;
  end if;
  insert into public.booking_history (
    participant_id, actor, actor_user_id, actor_name, action, status_before, status_after,
    persons_before, persons_after, event_before, event_after, amount_cents, note, override
  ) values (
    p_participant_id, p_actor, v_user, left(coalesce(v_name, ''), 300), p_action,
    p_before.status, v_after.status, p_before.persons, v_after.persons, p_before.event_id,
    v_after.event_id, p_amount_cents, left(btrim(coalesce(p_note, '')), 2000),
    coalesce(p_override, false)
  );
end;
$$;
revoke all on function private.write_history(uuid, public.participants, text, text, integer, text, boolean) from public;

create function private.checked_note(p_note text)
 returns text
 language plpgsql
 immutable
 set search_path to ''
as $$
begin
  if char_length(coalesce(p_note, '')) > 2000 then
    raise exception 'INVALID_INPUT' using detail = 'note';
  end if;
  return btrim(coalesce(p_note, ''));
end;
$$;
revoke all on function private.checked_note(text) from public;

-- An open Checkout session no longer matches the booking (persons changed, moved, cancelled):
-- Stripe is asked to expire it, and a payment that still arrives for it goes back in full
-- (complete_checkout finds the session here). The next 'Jetzt bezahlen' opens a new one.
create function private.drop_checkout_session(p_participant_id uuid, p_change_id uuid default null)
 returns void
 language plpgsql
 set search_path to ''
as $$
declare
  v_session text;
begin
  select p.checkout_session_id into v_session from public.participants p where p.id = p_participant_id;
  if v_session is null then
    return;
  end if;
  if not exists (
    select 1 from public.refund_requests r
     where r.kind = 'expire_checkout' and r.checkout_session_id = v_session
  ) then
    insert into public.refund_requests (participant_id, booking_change_id, kind, checkout_session_id)
    values (p_participant_id, p_change_id, 'expire_checkout', v_session);
    perform private.kick_edge_function('process-refunds');
  end if;
  update public.participants p
     set checkout_session_id = null, checkout_url = null
   where p.id = p_participant_id;
end;
$$;
revoke all on function private.drop_checkout_session(uuid, uuid) from public;

-- Refund p_amount_cents of a booking's balance, split over its succeeded payments (newest
-- first): card and TWINT through Stripe (process-refunds), invoice and on-site money as manual
-- refunds (the provider transfers it; p_manual_done: already done by the staff member asking).
-- Returns the amount queued. A refund of more than the balance is refused (AMOUNT_TOO_HIGH).
create function private.queue_refunds(
  p_participant_id uuid,
  p_amount_cents integer,
  p_reason text,
  p_change_id uuid default null,
  p_manual_done boolean default false,
  p_notify boolean default true
)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_left integer := coalesce(p_amount_cents, 0);
  v_payment record;
  v_part integer;
  v_kick boolean := false;
  v_request public.refund_requests%rowtype;
  v_user uuid := auth.uid();
begin
  if v_left <= 0 then
    return 0;
  end if;
  if v_left > (private.booking_money(p_participant_id)).balance_cents then
    raise exception 'AMOUNT_TOO_HIGH'
      using detail = (private.booking_money(p_participant_id)).balance_cents::text;
  end if;
  if v_user is not null and not exists (select 1 from auth.users u where u.id = v_user) then
    v_user := null;
  end if;
  for v_payment in
    select y.id, y.method, y.provider_reference,
           y.amount_cents - coalesce((
             select sum(r.amount_cents)::integer from public.refund_requests r
              where r.payment_id = y.id and r.kind <> 'expire_checkout' and r.state <> 'failed'
           ), 0) as refundable
      from public.payments y
     where y.participant_id = p_participant_id and y.state = 'succeeded'
     order by y.created_at desc, y.id
  loop
    exit when v_left <= 0;
    continue when v_payment.refundable <= 0;
    v_part := least(v_left, v_payment.refundable);
    if v_payment.method in ('card', 'twint') and v_payment.provider_reference like 'pi\_%' then
      insert into public.refund_requests (participant_id, booking_change_id, kind, amount_cents,
        payment_intent_id, payment_id, reason, created_by, notify)
      values (p_participant_id, p_change_id, 'stripe_refund', v_part, v_payment.provider_reference,
        v_payment.id, coalesce(p_reason, ''), v_user, p_notify);
      v_kick := true;
    else
      insert into public.refund_requests (participant_id, booking_change_id, kind, amount_cents,
        payment_id, reason, created_by, notify, state, done_at)
      values (p_participant_id, p_change_id, 'manual_refund', v_part, v_payment.id,
        coalesce(p_reason, ''), v_user, p_notify,
        case when p_manual_done then 'done' else 'queued' end,
        case when p_manual_done then now() end)
      returning * into v_request;
      if p_manual_done and p_notify then
        perform private.queue_refund_mail(v_request);
      end if;
    end if;
    -- One booking change has one refund request (the unique key): a second payment's part goes
    -- without the link.
    p_change_id := null;
    v_left := v_left - v_part;
  end loop;
  if v_kick then
    perform private.kick_edge_function('process-refunds');
  end if;
  return coalesce(p_amount_cents, 0) - v_left;
end;
$$;
revoke all on function private.queue_refunds(uuid, integer, text, uuid, boolean, boolean) from public;

-- The word the mails and the visitor's pages show for a booking's payment, derived from its
-- status and money rows (the mail templates read it as participant.paymentStatus).
create function private.payment_word(p_participant_id uuid)
 returns text
 language sql
 stable security definer
 set search_path to ''
as $$
  select case
    when p.status in ('cancelled', 'expired') and m.refunded_cents > 0 and m.balance_cents <= 0 then 'refunded'
    when p.status in ('cancelled', 'expired') then 'cancelled'
    when m.open_cents = 0 and not m.needs_review then 'paid'
    else 'pending'
  end
  from public.participants p
  cross join lateral private.booking_money(p.id) m
  where p.id = p_participant_id
$$;
revoke all on function private.payment_word(uuid) from public;

-- The visitor's view of the booking (payment_state, booking_by_token): paid, open (online
-- payment to make), pending (invoice / on site), cancelled, refunded, expired.
create function private.visitor_state(p_participant_id uuid)
 returns text
 language sql
 stable security definer
 set search_path to ''
as $$
  select case
    when p.status = 'expired' then 'expired'
    when private.payment_word(p.id) = 'refunded' then 'refunded'
    when p.status = 'cancelled' then 'cancelled'
    when private.payment_word(p.id) = 'paid' then 'paid'
    when p.payment_method = 'stripe' then 'open'
    else 'pending'
  end
  from public.participants p
  where p.id = p_participant_id
$$;
revoke all on function private.visitor_state(uuid) from public;

-- =================================================================================================
-- 7. Mail payloads and kinds
-- =================================================================================================

select private.add_mail_kinds(array['booking_cancelled', 'booking_moved', 'booking_updated']);

create or replace function private.booking_mail_payload(p_participant_id uuid)
 returns jsonb
 language sql
 stable
 set search_path to ''
as $$
  select jsonb_build_object(
    'participant', jsonb_build_object(
      'id', p.id,
      'reference', p.reference,
      'name', p.name,
      'email', p.email,
      'phone', p.phone,
      'paymentMethod', p.payment_method,
      'paymentStatus', private.payment_word(p.id),
      'status', p.status,
      'paidMethod', m.paid_method,
      'notes', p.notes,
      'persons', p.persons,
      'answers', p.answers
    ),
    'event', jsonb_build_object(
      'title', e.title,
      'description', e.description,
      'startDate', e.start_date,
      'endDate', e.end_date,
      'startTime', to_char(e.start_time, 'HH24:MI'),
      'endTime', to_char(e.end_time, 'HH24:MI'),
      'location', e.location,
      'price', e.price,
      'bringAlong', e.bring_along
    ),
    'money', jsonb_build_object(
      'owedCents', m.owed_cents,
      'paidCents', m.paid_cents,
      'refundedCents', m.refunded_cents,
      'openCents', m.open_cents,
      'excessCents', m.excess_cents,
      'paidMethod', m.paid_method
    )
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  cross join lateral private.booking_money(p.id) m
  where p.id = p_participant_id
$$;

create or replace function private.invoice_mail_payload(p_participant_id uuid)
 returns jsonb
 language sql
 stable
 set search_path to ''
as $$
  select jsonb_build_object(
    'reference', p.invoice_reference,
    'dueDate', p.invoice_due_date,
    'amountCents', greatest(m.open_cents, 1),
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
  from public.participants p
  cross join public.invoice_creditor c
  cross join lateral private.booking_money(p.id) m
  where p.id = p_participant_id and p.payment_method = 'invoice' and m.open_cents > 0
$$;

create or replace function private.event_notice_recipients(p_event_id uuid)
 returns table(email text, name text, participant_id uuid, paid boolean)
 language plpgsql
 stable security definer
 set search_path to ''
as $$
begin
  return query
  select distinct on (lower(r.email)) r.email, r.name, r.participant_id, r.paid
    from (
      select p.email, p.name, p.id as participant_id,
             (private.booking_money(p.id)).paid_cents > 0 as paid,
             0 as rank, p.registration_date as since
        from public.participants p
       where p.event_id = p_event_id
         and (private.holds_seats(p.status)
           -- Cancelled with the event (admin_cancel_event): still told why.
           or exists (select 1 from public.booking_history h
                       where h.participant_id = p.id and h.action = 'event_cancelled'))
      union all
      select w.email, w.name, null::uuid, false, 1, w.created_at
        from public.waitlist_entries w
       where w.event_id = p_event_id and w.status in ('waiting', 'offered')
    ) r
   order by lower(r.email), r.rank, r.since;
end;
$$;

create or replace function public.send_event_reminders(p_now timestamp with time zone default now())
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_local timestamp := p_now at time zone 'Europe/Zurich';
  v_booking record;
  v_count integer := 0;
begin
  if v_local::time < private.reminder_time() then
    return 0;
  end if;
  -- Two runs at once (the schedule and a manual run) queue each reminder once: the second waits
  -- here and then finds the first one's mails.
  perform pg_advisory_xact_lock(hashtext('public.send_event_reminders'));
  for v_booking in
    select p.id, p.email, e.id as event_id, e.start_date
      from public.events e
      join public.participants p on p.event_id = e.id
     where e.start_date = v_local::date + 1
       and e.status = 'published'
       and not e.is_cancelled
       and private.holds_seats(p.status)
       and not exists (
         select 1 from public.mail_outbox o
          where o.kind = 'event_reminder'
            and o.participant_id = p.id
            and o.payload #>> '{reminder,eventId}' = e.id::text
            and o.payload #>> '{reminder,startDate}' = e.start_date::text
       )
     order by p.registration_date, p.id
  loop
    perform private.enqueue_mail(
      'event_reminder',
      v_booking.email,
      private.booking_mail_payload(v_booking.id) || jsonb_build_object(
        'reminder', jsonb_build_object('eventId', v_booking.event_id, 'startDate', v_booking.start_date),
        'manageToken', private.mint_manage_token(v_booking.id)
      ),
      v_booking.id
    );
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

-- =================================================================================================
-- 8. Booking (visitor, waiting list)
-- =================================================================================================

create or replace function private.participants_start_payment_hold()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $$
begin
  if new.status = 'held' and new.hold_expires_at is null then
    new.hold_expires_at := now() + private.payment_hold();
  end if;
  return new;
end;
$$;

create or replace function private.book(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, p_request_id uuid, p_persons integer, p_answers jsonb default '{}'::jsonb)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_input record;
  v_event public.events%rowtype;
  v_availability public.event_availability;
  v_participant public.participants%rowtype;
  v_token record;
  v_answers jsonb;
begin
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
  if p_persons is null or p_persons < 1 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  select * into v_token from private.new_confirmation_token();

  -- A repeated request (double submit, retry after a lost answer) returns the first
  -- registration. The lock makes a concurrent twin wait for this transaction and then find
  -- its row; the unique key on request_id is the backstop.
  if p_request_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('register_for_event:' || p_request_id::text, 0));
    select * into v_participant from public.participants p where p.request_id = p_request_id;
    if found then
      if v_participant.event_id is distinct from p_event_id then
        raise exception 'INVALID_INPUT' using detail = 'request_id';
      end if;
      -- Only the hash of the first token is stored, so the repeat gets a fresh token (which
      -- replaces the first) unless the confirmation mail has already been sent.
      if v_participant.confirmation_sent_at is null then
        update public.participants p
        set confirmation_token_hash = v_token.token_hash
        where p.id = v_participant.id;
      else
        v_token.token := null;
      end if;
      return private.booking_receipt(v_participant.id, v_token.token);
    end if;
  end if;

  -- Registrations for one event queue here until the previous one has committed, so the
  -- seat count and the e-mail check below are exact. (No key update: does not block
  -- foreign-key checks.)
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  -- Draft and archived events are invisible to visitors: answering them like an unknown id
  -- keeps the function from telling which ids exist.
  if not found or v_event.status <> 'published' then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  v_availability := public.availability(v_event);
  if not v_availability.is_bookable then
    raise exception '%', case v_availability.reason
      when 'cancelled' then 'EVENT_CANCELLED'
      when 'closed' then 'EVENT_SOLD_OUT'
      when 'full' then 'EVENT_SOLD_OUT'
      else 'EVENT_NOT_BOOKABLE' -- past
    end;
  end if;
  -- Persons: at most the event's per-booking limit, at most the seats left (DETAIL says how
  -- many, so the form can tell the visitor).
  if p_persons > v_event.max_persons_per_booking then
    raise exception 'TOO_MANY_PERSONS' using detail = v_event.max_persons_per_booking::text;
  end if;
  if p_persons > v_availability.seats_left then
    raise exception 'NOT_ENOUGH_SEATS' using detail = v_availability.seats_left::text;
  end if;
  -- The constraint events_payment_methods_free_check already keeps 'free' off priced events;
  -- checked here too so a priced event can never be booked as free.
  if not (v_input.payment_method = any (v_event.payment_methods))
     or (v_input.payment_method = 'free' and v_event.price <> 0) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;
  -- The event's questions: required ones answered, choices among their options.
  v_answers := private.checked_answers(v_event.questions, p_answers);
  if exists (
    select 1
    from public.participants p
    where p.event_id = v_event.id
      and lower(p.email) = lower(v_input.email)
      and private.holds_seats(p.status)
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;

  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token); the payment hold from its trigger.
  insert into public.participants (
    event_id, name, email, phone, status, payment_method, notes, request_id,
    confirmation_token_hash, persons, answers
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'stripe' and v_event.price > 0 then 'held' else 'confirmed' end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash, p_persons, v_answers
  )
  returning * into v_participant;

  -- A waiting-list claim books with its entry's id as request id.
  perform private.write_history(
    v_participant.id, null, case when exists (
      select 1 from public.waitlist_entries w where w.id = p_request_id
    ) then 'waitlist_claimed' else 'booked' end, 'visitor',
    (private.booking_money(v_participant.id)).owed_cents
  );
  return private.booking_receipt(v_participant.id, v_token.token);
end;
$$;

create or replace function private.booking_receipt(p_participant_id uuid, p_confirmation_token text)
 returns jsonb
 language sql
 security definer
 set search_path to ''
as $$
  select jsonb_build_object(
    'participant_id', p.id,
    'reference', p.reference,
    'confirmation_token', p_confirmation_token,
    'manage_token', private.mint_manage_token(p.id),
    'status', p.status,
    -- The derived payment word (pending / paid / ...), as the site read it before issue 24.
    'payment_status', private.payment_word(p.id),
    'payment_state', private.visitor_state(p.id),
    'persons', p.persons,
    'current_participants', e.current_participants
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$$;

create or replace function public.join_waitlist(p_event_id uuid, p_name text, p_email text, p_phone text, p_persons integer default 1, p_answers jsonb default '{}'::jsonb)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_input record;
  v_event public.events%rowtype;
  v_availability public.event_availability;
  v_token record;
  v_entry public.waitlist_entries%rowtype;
begin
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, 'onsite', '');
  if p_persons is null or p_persons < 1 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;

  select * into v_event from public.events e where e.id = p_event_id for no key update;
  if not found or v_event.status <> 'published' then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  v_availability := public.availability(v_event);
  if v_availability.reason = 'cancelled' then
    raise exception 'EVENT_CANCELLED';
  end if;
  if v_availability.reason is not null and v_availability.reason <> 'full' then
    raise exception 'EVENT_NOT_BOOKABLE';
  end if;
  if p_persons > v_event.max_persons_per_booking then
    raise exception 'TOO_MANY_PERSONS' using detail = v_event.max_persons_per_booking::text;
  end if;
  if v_availability.reason is null and p_persons <= v_availability.seats_left then
    raise exception 'SEATS_AVAILABLE' using detail = v_availability.seats_left::text;
  end if;
  -- The same answers a booking needs (the claim books with them).
  perform private.checked_answers(v_event.questions, p_answers);
  if exists (
    select 1 from public.participants p
    where p.event_id = v_event.id and lower(p.email) = lower(v_input.email)
      and private.holds_seats(p.status)
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;
  if exists (
    select 1 from public.waitlist_entries w
    where w.event_id = v_event.id and lower(w.email) = lower(v_input.email)
      and w.status in ('waiting', 'offered')
  ) then
    raise exception 'ALREADY_ON_WAITLIST';
  end if;

  select * into v_token from private.new_confirmation_token();
  insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash, answers)
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone, p_persons, v_token.token_hash,
    coalesce(p_answers, '{}')
  )
  returning * into v_entry;

  perform private.enqueue_mail(
    'waitlist_joined',
    v_entry.email,
    private.waitlist_mail_payload(v_entry.id) || jsonb_build_object('leaveToken', v_token.token)
  );

  return jsonb_build_object(
    'entry_id', v_entry.id,
    'position', private.waitlist_position(v_entry.id),
    'persons', v_entry.persons,
    'leave_token', v_token.token
  );
end;
$$;

-- =================================================================================================
-- 9. The visitor's booking: view, change, pay
-- =================================================================================================

create or replace function public.booking_by_token(p_reference text, p_token text)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $$
declare
  v_check record;
  v_participant public.participants%rowtype;
  v_event public.events%rowtype;
  v_money record;
  v_deadline timestamptz;
  v_active boolean;
begin
  select * into v_check from private.manage_token_check(p_reference, p_token);
  if not found then
    return null;
  end if;
  if v_check.expired then
    return jsonb_build_object('status', 'expired');
  end if;
  select * into v_participant from public.participants p where p.id = v_check.participant_id;
  select * into v_event from public.events e where e.id = v_participant.event_id;
  select * into v_money from private.booking_money(v_participant.id);
  v_deadline := private.cancellation_deadline(v_event);
  v_active := private.holds_seats(v_participant.status);
  return jsonb_build_object(
    'status', 'valid',
    'reference', v_participant.reference,
    'name', v_participant.name,
    'email', v_participant.email,
    'persons', v_participant.persons,
    'payment_method', v_participant.payment_method,
    'booking_status', v_participant.status,
    -- The derived payment word (pending / paid / cancelled / refunded).
    'payment_status', private.payment_word(v_participant.id),
    -- The visitor's own answers, each with the question's text as booked.
    'answers', v_participant.answers,
    'state', private.visitor_state(v_participant.id),
    -- What this booking costs (or cost, once paid and cancelled), what is still to pay.
    'amount_cents', case when v_active then v_money.owed_cents else v_money.paid_cents end,
    'open_cents', v_money.open_cents,
    'paid_cents', v_money.paid_cents,
    'refunded_cents', v_money.refunded_cents,
    'paid_method', v_money.paid_method,
    'event', jsonb_build_object(
      'title', v_event.title,
      'slug', v_event.slug,
      'description', v_event.description,
      'start_date', v_event.start_date,
      'end_date', v_event.end_date,
      'start_time', to_char(v_event.start_time, 'HH24:MI'),
      'end_time', to_char(v_event.end_time, 'HH24:MI'),
      'location', v_event.location,
      'price', v_event.price,
      'bring_along', v_event.bring_along,
      'is_cancelled', v_event.is_cancelled,
      'cancellation_deadline_hours', v_event.cancellation_deadline_hours
    ),
    'deadline', v_deadline,
    'can_change', v_active and not v_event.is_cancelled and (v_deadline is null or now() < v_deadline)
  );
end;
$$;

create or replace function public.payment_state(p_participant_id uuid, p_token text)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $$
  select jsonb_build_object(
    'state', private.visitor_state(p.id),
    'booking_status', p.status,
    'payment_method', p.payment_method,
    'paid_method', m.paid_method,
    'amount_cents', case when private.holds_seats(p.status) then m.owed_cents else m.paid_cents end,
    'open_cents', m.open_cents,
    'event_title', e.title,
    'checkout_url', case when private.holds_seats(p.status) and m.open_cents > 0 then p.checkout_url end
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  cross join lateral private.booking_money(p.id) m
  where p.id = p_participant_id
    and p.confirmation_token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
$$;

-- The visitor's own cancellation or reduction. Refunds and the stale Checkout session follow
-- from the booking_changes row (booking_changes_queue_refund).
create or replace function public.change_booking(p_reference text, p_token text, p_persons integer)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_check record;
  v_participant public.participants%rowtype;
  v_event public.events%rowtype;
  v_deadline timestamptz;
  v_kind text;
  v_payload jsonb;
begin
  select * into v_check from private.manage_token_check(p_reference, p_token);
  if not found then
    raise exception 'TOKEN_INVALID';
  end if;
  if v_check.expired then
    raise exception 'TOKEN_EXPIRED';
  end if;
  v_participant := private.lock_booking(v_check.participant_id);
  select * into v_event from public.events e where e.id = v_participant.event_id;

  if not private.holds_seats(v_participant.status) then
    raise exception 'BOOKING_CANCELLED';
  end if;
  if v_event.is_cancelled then
    raise exception 'EVENT_CANCELLED';
  end if;
  v_deadline := private.cancellation_deadline(v_event);
  if v_deadline is not null and now() >= v_deadline then
    raise exception 'DEADLINE_PASSED' using detail = v_deadline::text;
  end if;
  if p_persons is null or p_persons < 0 or p_persons >= v_participant.persons then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;

  if p_persons = 0 then
    v_kind := 'cancelled';
    update public.participants p set status = 'cancelled' where p.id = v_participant.id;
  else
    v_kind := 'reduced';
    update public.participants p set persons = p_persons where p.id = v_participant.id;
  end if;
  -- The count trigger has given the seats back (and the waiting list's trigger offered them).
  insert into public.booking_changes (participant_id, kind, persons_before, persons_after)
  values (v_participant.id, v_kind, v_participant.persons, p_persons);
  perform private.write_history(
    v_participant.id, v_participant,
    case when v_kind = 'cancelled' then 'cancelled_by_visitor' else 'reduced_by_visitor' end,
    'visitor'
  );

  v_payload := private.booking_mail_payload(v_participant.id) || jsonb_build_object(
    'change', jsonb_build_object('kind', v_kind, 'personsBefore', v_participant.persons, 'personsAfter', p_persons)
  );
  perform private.enqueue_mail('booking_change', v_participant.email, v_payload, v_participant.id);
  perform private.enqueue_mail('booking_change_notice', null, v_payload, v_participant.id);
  return jsonb_build_object('kind', v_kind, 'persons', p_persons);
end;
$$;

-- After a visitor's change: what was paid beyond what is now owed goes back (Stripe or, for
-- invoice and on-site money, a manual refund the admin confirms); an open Checkout session no
-- longer matches and is expired.
create or replace function private.booking_changes_queue_refund()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_excess integer;
  v_queued integer;
begin
  v_excess := (private.booking_money(new.participant_id)).excess_cents;
  v_queued := private.queue_refunds(
    new.participant_id, v_excess,
    case when new.kind = 'cancelled' then 'Stornierung durch die Person' else 'Weniger Personen' end,
    new.id
  );
  perform private.drop_checkout_session(new.participant_id, case when v_queued > 0 then null else new.id end);
  return null;
end;
$$;

-- A lapsed hold: the booking expires and its seats are free. Not while a mismatched payment
-- waits for the admin (the seats stay with the booking until it is settled).
create or replace function private.release_hold(p_participant_id uuid)
 returns boolean
 language plpgsql
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
begin
  select * into v_before from public.participants p where p.id = p_participant_id;
  if v_before.status <> 'held' or (private.booking_money(p_participant_id)).needs_review then
    return false;
  end if;
  update public.participants p
     set status = 'expired',
         hold_released_at = now(),
         checkout_url = null
   where p.id = p_participant_id;
  perform private.write_history(p_participant_id, v_before, 'hold_expired', 'system');
  return true;
end;
$$;

create or replace function private.begin_checkout_for(p_participant_id uuid, p_manage_token text)
 returns jsonb
 language plpgsql
 set search_path to ''
as $$
declare
  v_participant public.participants%rowtype;
  v_open integer;
  v_title text;
begin
  select * into v_participant from public.participants p where p.id = p_participant_id for update;
  v_open := (private.booking_money(v_participant.id)).open_cents;
  -- Held: pay within the hold. Confirmed online booking that owes more (persons added, moved to
  -- a dearer event): pay the difference.
  if v_participant.payment_method <> 'stripe' or v_open <= 0
    or not (
      (v_participant.status = 'held' and v_participant.hold_expires_at > now())
      or v_participant.status = 'confirmed'
    ) then
    raise exception 'PAYMENT_NOT_OPEN' using detail = v_participant.status;
  end if;
  if v_participant.checkout_session_id is not null then
    return jsonb_build_object('state', 'open', 'url', v_participant.checkout_url,
      'session_id', v_participant.checkout_session_id);
  end if;
  -- Stripe wants a session to live at least 30 minutes: the hold starts again now (a minute
  -- more, for the way to Stripe). The same hold gives the same idempotency key, so two
  -- concurrent calls open one session. (A confirmed booking keeps the time as its session's.)
  if v_participant.hold_expires_at is null or v_participant.hold_expires_at < now() + private.payment_hold() then
    update public.participants p
       set hold_expires_at = date_trunc('second', now() + private.payment_hold() + interval '1 minute')
     where p.id = v_participant.id
    returning * into v_participant;
  end if;
  select e.title into v_title from public.events e where e.id = v_participant.event_id;
  return jsonb_build_object(
    'state', 'new',
    'participant_id', v_participant.id,
    'reference', v_participant.reference,
    'manage_token', coalesce(p_manage_token, private.mint_manage_token(v_participant.id)),
    'amount_cents', v_open,
    'title', v_title,
    'email', v_participant.email,
    'expires_at', extract(epoch from v_participant.hold_expires_at)::bigint,
    'idempotency_key', 'checkout-' || v_participant.id || '-' || v_open || '-'
      || extract(epoch from v_participant.hold_expires_at)::bigint
  );
end;
$$;

create or replace function public.record_checkout_session(p_participant_id uuid, p_session_id text, p_url text, p_expires_at timestamp with time zone)
 returns void
 language plpgsql
 security definer
 set search_path to ''
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
  if v_participant.checkout_session_id is not null or not private.holds_seats(v_participant.status)
    or v_participant.payment_method <> 'stripe' then
    raise exception 'PAYMENT_NOT_OPEN' using detail = v_participant.status;
  end if;
  update public.participants p
     set checkout_session_id = p_session_id,
         checkout_url = p_url,
         hold_expires_at = greatest(p.hold_expires_at, p_expires_at)
   where p.id = p_participant_id;
end;
$$;

drop function public.complete_checkout(text, text, text, integer);

alter table public.stripe_webhook_events drop constraint stripe_webhook_events_outcome_check;
alter table public.stripe_webhook_events add constraint stripe_webhook_events_outcome_check
  check (outcome in ('paid', 'released', 'ignored', 'refunding', 'mismatch'));

-- Stripe's checkout.session.completed. Completes the booking only when the session is the
-- booking's current one and the money is what the booking owes now, in francs. Otherwise:
-- a stale session (persons changed, moved, cancelled, expired) -> the payment is recorded and
-- goes back in full; a wrong amount or currency -> a mismatch payment, the booking stays
-- unpaid and is flagged for the admin (Zahlung prüfen).
create function public.complete_checkout(p_event_id text, p_session_id text, p_payment_intent_id text, p_amount_cents integer, p_currency text, p_method text)
 returns text
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_participant_id uuid;
  v_participant public.participants%rowtype;
  v_method text := lower(coalesce(nullif(btrim(p_method), ''), 'card'));
  v_currency text := upper(btrim(coalesce(p_currency, '')));
  v_intent text := nullif(btrim(coalesce(p_payment_intent_id, '')), '');
  v_open integer;
  v_payment public.payments%rowtype;
begin
  if v_method not in ('card', 'twint') then
    raise exception 'INVALID_INPUT' using detail = 'method';
  end if;
  if not private.first_delivery(p_event_id, 'checkout.session.completed') then
    return 'duplicate';
  end if;
  select p.id into v_participant_id
    from public.participants p
   where p.checkout_session_id = p_session_id
      or p.id = (select r.participant_id from public.refund_requests r
                  where r.kind = 'expire_checkout' and r.checkout_session_id = p_session_id limit 1)
   limit 1;
  if v_participant_id is null then
    return private.note_outcome(p_event_id, null, 'ignored');
  end if;
  v_participant := private.lock_booking(v_participant_id);

  if v_participant.checkout_session_id is distinct from p_session_id
    or not private.holds_seats(v_participant.status) then
    -- Stale: paid while (or after) the booking changed. The money goes back in full.
    if coalesce(p_amount_cents, 0) <= 0 then
      return private.note_outcome(p_event_id, v_participant.id, 'ignored');
    end if;
    -- Never counted (rejected), and its refund neither. Without a payment intent Stripe cannot be
    -- asked for the refund: the admin settles it (mismatch, Zahlung prüfen).
    insert into public.payments (participant_id, method, amount_cents, currency, provider_reference, state, note)
    values (v_participant.id, v_method, p_amount_cents, case when v_currency ~ '^[A-Z]{3}$' then v_currency else 'XXX' end,
      coalesce(v_intent, p_session_id), case when v_intent is null then 'mismatch' else 'rejected' end,
      'Veraltete Checkout-Sitzung, wird zurückerstattet')
    returning * into v_payment;
    if v_intent is not null then
      insert into public.refund_requests (participant_id, kind, amount_cents, payment_intent_id, payment_id, reason)
      values (v_participant.id, 'stripe_refund', p_amount_cents, v_intent, v_payment.id,
        'Zahlung einer veralteten Checkout-Sitzung');
      perform private.kick_edge_function('process-refunds');
    end if;
    perform private.write_history(v_participant.id, v_participant, 'refunded', 'stripe', p_amount_cents,
      'Zahlung einer veralteten Checkout-Sitzung: volle Rückerstattung');
    return private.note_outcome(p_event_id, v_participant.id, 'refunding');
  end if;

  v_open := (private.booking_money(v_participant.id)).open_cents;
  if v_currency <> 'CHF' or p_amount_cents is distinct from v_open or v_open <= 0 then
    insert into public.payments (participant_id, method, amount_cents, currency, provider_reference, state, note)
    values (v_participant.id, v_method, greatest(coalesce(p_amount_cents, 0), 0),
      case when v_currency ~ '^[A-Z]{3}$' then v_currency else 'XXX' end,
      coalesce(v_intent, p_session_id), 'mismatch',
      format('Erwartet %s CHF-Rappen, erhalten %s %s', v_open, coalesce(p_amount_cents, 0), v_currency));
    update public.participants p set checkout_url = null where p.id = v_participant.id;
    perform private.write_history(v_participant.id, v_participant, 'payment_mismatch', 'stripe', p_amount_cents,
      format('Erwartet: %s Rappen CHF; erhalten: %s %s', v_open, coalesce(p_amount_cents, 0), v_currency));
    return private.note_outcome(p_event_id, v_participant.id, 'mismatch');
  end if;

  insert into public.payments (participant_id, method, amount_cents, currency, provider_reference)
  values (v_participant.id, v_method, p_amount_cents, 'CHF', coalesce(v_intent, p_session_id));
  update public.participants p
     set status = 'confirmed', checkout_session_id = null, checkout_url = null,
         hold_expires_at = null
   where p.id = v_participant.id;
  perform private.write_history(v_participant.id, v_participant, 'payment_confirmed', 'stripe', p_amount_cents,
    case v_method when 'twint' then 'TWINT' else 'Karte' end);
  perform private.enqueue_mail(
    'payment_receipt',
    v_participant.email,
    private.booking_mail_payload(v_participant.id)
      || jsonb_build_object('payment', jsonb_build_object(
        'amountCents', p_amount_cents,
        'paidAt', now(),
        'method', v_method
      )),
    v_participant.id
  );
  return private.note_outcome(p_event_id, v_participant.id, 'paid');
end;
$$;
revoke all on function public.complete_checkout(text, text, text, integer, text, text) from anon, authenticated, public;
grant execute on function public.complete_checkout(text, text, text, integer, text, text) to service_role;

create or replace function public.expire_checkout(p_event_id text, p_session_id text)
 returns text
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_participant_id uuid;
begin
  if not private.first_delivery(p_event_id, 'checkout.session.expired') then
    return 'duplicate';
  end if;
  select p.id into v_participant_id
  from public.participants p where p.checkout_session_id = p_session_id;
  if v_participant_id is null then
    return private.note_outcome(p_event_id, null, 'ignored');
  end if;
  perform private.lock_booking(v_participant_id);
  -- A confirmed booking's session for a difference simply ends; the booking stays.
  update public.participants p
     set checkout_session_id = null, checkout_url = null
   where p.id = v_participant_id and p.checkout_session_id = p_session_id and p.status = 'confirmed';
  if not private.release_hold(v_participant_id) then
    return private.note_outcome(p_event_id, v_participant_id, 'ignored');
  end if;
  return private.note_outcome(p_event_id, v_participant_id, 'released');
end;
$$;

create or replace function public.release_expired_holds()
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_count integer := 0;
  v_id uuid;
begin
  for v_id in
    select p.id from public.participants p
     where p.status = 'held' and p.hold_expires_at < now() and p.checkout_session_id is null
  loop
    perform private.lock_booking(v_id);
    if exists (select 1 from public.participants p
                where p.id = v_id and p.status = 'held' and p.hold_expires_at < now()
                  and p.checkout_session_id is null)
      and private.release_hold(v_id) then
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end;
$$;

-- =================================================================================================
-- 10. Refund rows: finishing them
-- =================================================================================================

create or replace function private.queue_refund_mail(p_request public.refund_requests)
 returns void
 language plpgsql
 set search_path to ''
as $$
declare
  v_email text;
begin
  if not p_request.notify then
    return;
  end if;
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

create or replace function private.finish_refund_request(p_request public.refund_requests, p_refund_id text)
 returns void
 language plpgsql
 set search_path to ''
as $$
begin
  update public.refund_requests r
     set state = 'done', done_at = now(), refund_id = p_refund_id, locked_until = null, last_error = null
   where r.id = p_request.id;
  if p_request.kind = 'expire_checkout' then
    return;
  end if;
  perform private.queue_refund_mail(p_request);
end;
$$;

-- refund-payment (an admin's refund through Stripe directly): what can go back, and its record.
create or replace function public.record_refund(p_participant_id uuid, p_refund_id text)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_participant public.participants%rowtype;
  v_payment public.payments%rowtype;
  v_balance integer;
begin
  v_participant := private.lock_booking(p_participant_id);
  if exists (select 1 from public.refund_requests r
              where r.participant_id = p_participant_id and r.refund_id = p_refund_id) then
    return v_participant;
  end if;
  v_balance := (private.booking_money(p_participant_id)).balance_cents;
  select * into v_payment from public.payments y
   where y.participant_id = p_participant_id and y.state = 'succeeded' and y.provider_reference like 'pi\_%'
   order by y.created_at desc limit 1;
  if v_balance <= 0 or v_payment.id is null then
    raise exception 'NOT_REFUNDABLE' using detail = v_participant.status;
  end if;
  -- Queued Stripe refunds of this booking were what refund-payment just did.
  update public.refund_requests r
     set state = 'done', done_at = now(), refund_id = p_refund_id, locked_until = null
   where r.participant_id = p_participant_id and r.kind = 'stripe_refund' and r.state in ('queued', 'failed');
  if not found then
    -- As admin_refund: on a booking that stays, what goes back beyond its excess is a concession.
    if private.holds_seats(v_participant.status) then
      update public.participants p
         set discount_cents = p.discount_cents
           + greatest(v_balance - (private.booking_money(p_participant_id)).excess_cents, 0)
       where p.id = p_participant_id;
    end if;
    insert into public.refund_requests (participant_id, kind, amount_cents, payment_intent_id, payment_id,
      refund_id, state, done_at, reason, created_by)
    values (p_participant_id, 'stripe_refund', v_balance, v_payment.provider_reference, v_payment.id,
      p_refund_id, 'done', now(), 'Rückerstattung durch das Team',
      (select u.id from auth.users u where u.id = auth.uid()));
  end if;
  perform private.write_history(p_participant_id, v_participant, 'refunded', 'admin', v_balance);
  return v_participant;
end;
$$;

-- =================================================================================================
-- 11. Staff transitions (the admin area calls only these)
-- =================================================================================================

drop function public.admin_set_payment_status(uuid, text);
drop function public.admin_move_participant(uuid, uuid);
drop function public.admin_add_participant(uuid, text, text, text, text, text, text, boolean, integer);
drop function public.admin_update_participant(uuid, text, text, text, text, integer);

-- How long a booking staff add for online payment is held: the customer pays from the mail's
-- link, which takes longer than a visitor's own 30 minutes at the checkout (Stripe allows a
-- session up to 24 hours).
create function private.staff_payment_hold()
 returns interval
 language sql
 immutable
 set search_path to ''
as $$ select interval '23 hours' $$;
revoke all on function private.staff_payment_hold() from public;

-- An upcoming event that takes bookings from staff: not cancelled, not archived, not past.
create function private.check_staff_target(p_event public.events)
 returns void
 language plpgsql
 stable
 set search_path to ''
as $$
begin
  if p_event.id is null then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if p_event.is_cancelled then
    raise exception 'EVENT_CANCELLED';
  end if;
  if p_event.status = 'archived' then
    raise exception 'EVENT_NOT_BOOKABLE';
  end if;
  if coalesce(p_event.end_date, p_event.start_date) < private.today_in_zurich() then
    raise exception 'EVENT_PAST';
  end if;
end;
$$;
revoke all on function private.check_staff_target(public.events) from public;

create function public.admin_add_booking(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_persons integer,
  p_payment_method text,
  p_notes text default '',
  p_send_mail boolean default true,
  p_override boolean default false
)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_input record;
  v_event public.events%rowtype;
  v_override boolean;
  v_participant public.participants%rowtype;
  v_payload jsonb;
begin
  perform private.require_admin();
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
  if p_persons is null or p_persons < 1 or p_persons > 50 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  perform private.check_staff_target(v_event);
  if not (v_input.payment_method = any (v_event.payment_methods))
     or (v_input.payment_method = 'free' and v_event.price <> 0) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;
  if exists (
    select 1 from public.participants p
     where p.event_id = v_event.id and lower(p.email) = lower(v_input.email)
       and private.holds_seats(p.status)
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;
  v_override := private.take_seats(v_event.id, p_persons, p_override);

  insert into public.participants (event_id, name, email, phone, status, payment_method, notes, persons, hold_expires_at)
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'stripe' and v_event.price > 0 then 'held' else 'confirmed' end,
    v_input.payment_method, v_input.notes, p_persons,
    case when v_input.payment_method = 'stripe' and v_event.price > 0 then now() + private.staff_payment_hold() end
  )
  returning * into v_participant;
  perform private.write_history(v_participant.id, null, 'booked', 'admin',
    (private.booking_money(v_participant.id)).owed_cents,
    case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);

  if coalesce(p_send_mail, true) then
    v_payload := private.booking_mail_payload(v_participant.id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(v_participant.id),
      'addedByStaff', true
    );
    if v_participant.status = 'held' then
      v_payload := v_payload || jsonb_build_object('hold', jsonb_build_object(
        'expiresAt', v_participant.hold_expires_at,
        'amountCents', (private.booking_money(v_participant.id)).open_cents
      ));
    end if;
    perform private.enqueue_mail('participant_confirmation', v_participant.email, v_payload, v_participant.id);
  end if;
  return v_participant;
end;
$$;

-- Money received outside Stripe (invoice paid, cash or card on site). A held booking is
-- confirmed by it (its open Checkout session no longer matches and is expired).
create function public.admin_record_payment(p_participant_id uuid, p_amount_cents integer, p_method text, p_note text default '')
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_participant public.participants%rowtype;
  v_method text;
  v_note text;
  v_open integer;
begin
  perform private.require_admin();
  v_note := private.checked_note(p_note);
  v_before := private.lock_booking(p_participant_id);
  v_method := coalesce(nullif(btrim(p_method), ''),
    case when v_before.payment_method = 'invoice' then 'invoice' else 'onsite' end);
  if v_method not in ('invoice', 'onsite') then
    raise exception 'INVALID_INPUT' using detail = 'method';
  end if;
  if not private.holds_seats(v_before.status) then
    raise exception 'PAYMENT_NOT_ALLOWED' using detail = v_before.status;
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 then
    raise exception 'INVALID_INPUT' using detail = 'amount';
  end if;
  v_open := (private.booking_money(p_participant_id)).open_cents;
  if p_amount_cents > v_open then
    raise exception 'AMOUNT_TOO_HIGH' using detail = v_open::text;
  end if;

  insert into public.payments (participant_id, method, amount_cents, currency, note, recorded_by)
  values (p_participant_id, v_method, p_amount_cents, 'CHF', v_note,
    (select u.id from auth.users u where u.id = auth.uid()));
  perform private.drop_checkout_session(p_participant_id);
  update public.participants p
     set status = 'confirmed', hold_expires_at = case when p.status = 'held' then null else p.hold_expires_at end
   where p.id = p_participant_id
  returning * into v_participant;
  perform private.write_history(p_participant_id, v_before, 'payment_recorded', 'admin', p_amount_cents, v_note);
  perform private.enqueue_mail(
    'payment_receipt',
    v_participant.email,
    private.booking_mail_payload(p_participant_id)
      || jsonb_build_object('payment', jsonb_build_object(
        'amountCents', p_amount_cents, 'paidAt', now(), 'method', v_method
      )),
    p_participant_id
  );
  return v_participant;
end;
$$;

-- A mismatched Stripe payment settled by the admin: accepted (counts as paid; only francs) or
-- rejected (goes back in full through Stripe).
create function public.admin_resolve_payment(p_payment_id uuid, p_accept boolean, p_note text default '')
 returns public.payments
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_payment public.payments%rowtype;
  v_before public.participants%rowtype;
  v_note text;
begin
  perform private.require_admin();
  v_note := private.checked_note(p_note);
  if p_accept is null then
    raise exception 'INVALID_INPUT' using detail = 'accept';
  end if;
  select * into v_payment from public.payments y where y.id = p_payment_id;
  if not found then
    raise exception 'PAYMENT_NOT_FOUND';
  end if;
  v_before := private.lock_booking(v_payment.participant_id);
  select * into v_payment from public.payments y where y.id = p_payment_id for update;
  if v_payment.state <> 'mismatch' then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_payment.state;
  end if;
  if p_accept then
    if v_payment.currency <> 'CHF' or v_payment.amount_cents <= 0 then
      raise exception 'PAYMENT_NOT_ALLOWED' using detail = v_payment.currency;
    end if;
    update public.payments y set state = 'succeeded', note = left(y.note || ' · ' || v_note, 2000)
     where y.id = p_payment_id returning * into v_payment;
    if v_before.status = 'held' and (private.booking_money(v_before.id)).open_cents = 0 then
      update public.participants p set status = 'confirmed', hold_expires_at = null, checkout_session_id = null, checkout_url = null
       where p.id = v_before.id;
    end if;
    perform private.write_history(v_before.id, v_before, 'payment_accepted', 'admin', v_payment.amount_cents, v_note);
  else
    update public.payments y set state = 'rejected', note = left(y.note || ' · ' || v_note, 2000)
     where y.id = p_payment_id returning * into v_payment;
    if v_payment.amount_cents > 0 and v_payment.provider_reference like 'pi\_%' then
      insert into public.refund_requests (participant_id, kind, amount_cents, payment_intent_id, payment_id, reason, created_by)
      values (v_before.id, 'stripe_refund', v_payment.amount_cents, v_payment.provider_reference, v_payment.id,
        coalesce(nullif(v_note, ''), 'Zahlung passte nicht zur Buchung'),
        (select u.id from auth.users u where u.id = auth.uid()));
      perform private.kick_edge_function('process-refunds');
    end if;
    perform private.write_history(v_before.id, v_before, 'payment_rejected', 'admin', v_payment.amount_cents, v_note);
  end if;
  return v_payment;
end;
$$;

-- Staff cancel: the seats are free (the waiting list is offered them), what was paid goes back
-- (null: all of it; 0: nothing), the customer gets one mail saying so.
create function public.admin_cancel_booking(p_participant_id uuid, p_refund_cents integer default null, p_note text default '')
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_participant public.participants%rowtype;
  v_note text;
  v_balance integer;
  v_refund integer;
  v_method text;
begin
  perform private.require_admin();
  v_note := private.checked_note(p_note);
  v_before := private.lock_booking(p_participant_id);
  if not private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  v_balance := (private.booking_money(p_participant_id)).balance_cents;
  v_refund := coalesce(p_refund_cents, greatest(v_balance, 0));
  -- (v_balance: what was paid and not yet given back, before this cancellation.)
  if v_refund < 0 then
    raise exception 'INVALID_INPUT' using detail = 'refund';
  end if;
  if v_refund > greatest(v_balance, 0) then
    raise exception 'AMOUNT_TOO_HIGH' using detail = greatest(v_balance, 0)::text;
  end if;

  update public.participants p set status = 'cancelled' where p.id = p_participant_id
  returning * into v_participant;
  perform private.drop_checkout_session(p_participant_id);
  perform private.queue_refunds(p_participant_id, v_refund,
    coalesce(nullif(v_note, ''), 'Stornierung durch das Team'), null, true, false);
  if v_refund > 0 then
    v_method := case when exists (
      select 1 from public.refund_requests r
       where r.participant_id = p_participant_id and r.kind = 'stripe_refund' and r.state <> 'failed'
    ) then 'stripe' else 'transfer' end;
  end if;
  perform private.write_history(p_participant_id, v_before, 'cancelled_by_staff', 'admin', v_refund, v_note);
  perform private.enqueue_mail(
    'booking_cancelled',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object('cancel', jsonb_build_object(
      'by', 'staff', 'refundCents', v_refund, 'refundMethod', v_method, 'note', v_note,
      'paidCents', greatest(v_balance, 0)
    )),
    p_participant_id
  );
  select * into v_participant from public.participants p where p.id = p_participant_id;
  return v_participant;
end;
$$;

-- Staff refund of part or all of the balance; the status stays. Stripe money goes back through
-- process-refunds (refund_issued when done); invoice and on-site money is transferred by the
-- staff member (refund_issued now).
create function public.admin_refund(p_participant_id uuid, p_amount_cents integer, p_reason text)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_reason text;
  v_queued integer;
  v_concession integer;
begin
  perform private.require_admin();
  v_reason := private.checked_note(p_reason);
  v_before := private.lock_booking(p_participant_id);
  if p_amount_cents is null or p_amount_cents <= 0 then
    raise exception 'INVALID_INPUT' using detail = 'amount';
  end if;
  -- On a booking that stays, what goes back beyond the overpaid part is a concession: the
  -- booking then owes that much less (else the refund would open the same amount again).
  v_concession := case when private.holds_seats(v_before.status)
    then greatest(p_amount_cents - (private.booking_money(p_participant_id)).excess_cents, 0) else 0 end;
  v_queued := private.queue_refunds(p_participant_id, p_amount_cents,
    coalesce(nullif(v_reason, ''), 'Rückerstattung durch das Team'), null, true, true);
  if v_concession > 0 then
    update public.participants p set discount_cents = p.discount_cents + v_concession
     where p.id = p_participant_id;
  end if;
  perform private.write_history(p_participant_id, v_before, 'refunded', 'admin', v_queued,
    concat_ws(' · ', nullif(v_reason, ''),
      case when v_concession > 0 then format('Kulanz: %s Rappen weniger geschuldet', v_concession) end));
  return v_queued;
end;
$$;

create function public.admin_change_persons(p_participant_id uuid, p_persons integer, p_override boolean default false)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_participant public.participants%rowtype;
  v_override boolean := false;
  v_money record;
begin
  perform private.require_admin();
  if p_persons is null or p_persons < 1 or p_persons > 50 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  v_before := private.lock_booking(p_participant_id);
  if not private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  if p_persons = v_before.persons then
    raise exception 'NOTHING_CHANGED';
  end if;
  if p_persons > v_before.persons then
    v_override := private.take_seats(v_before.event_id, p_persons - v_before.persons, p_override);
  end if;
  update public.participants p set persons = p_persons where p.id = p_participant_id;
  -- The open session was for the old amount.
  perform private.drop_checkout_session(p_participant_id);
  select * into v_participant from public.participants p where p.id = p_participant_id;
  select * into v_money from private.booking_money(p_participant_id);
  perform private.write_history(p_participant_id, v_before, 'persons_changed', 'admin',
    v_money.owed_cents, case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);
  perform private.enqueue_mail(
    'booking_updated',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(p_participant_id),
      'personsBefore', v_before.persons,
      'personsAfter', p_persons,
      'money', jsonb_build_object('openCents', v_money.open_cents, 'excessCents', v_money.excess_cents)
    ),
    p_participant_id
  );
  return v_participant;
end;
$$;

create function public.admin_move_booking(p_participant_id uuid, p_event_id uuid, p_override boolean default false)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_source uuid;
  v_before public.participants%rowtype;
  v_target public.events%rowtype;
  v_old public.events%rowtype;
  v_participant public.participants%rowtype;
  v_override boolean;
  v_money record;
begin
  perform private.require_admin();
  -- Both events locked in id order (two moves in opposite directions must not deadlock), then
  -- the booking; a move meanwhile means the wrong events were locked: again.
  for v_try in 1..6 loop
    if v_try = 6 then
      raise exception 'PARTICIPANT_CHANGED';
    end if;
    select p.event_id into v_source from public.participants p where p.id = p_participant_id;
    if not found then
      raise exception 'PARTICIPANT_NOT_FOUND';
    end if;
    perform 1 from public.events e where e.id in (v_source, p_event_id) order by e.id for no key update;
    select * into v_before from public.participants p where p.id = p_participant_id for update;
    exit when v_before.event_id = v_source;
  end loop;
  select * into v_target from public.events e where e.id = p_event_id;
  perform private.check_staff_target(v_target);
  if not private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  if v_target.id = v_before.event_id then
    raise exception 'NOTHING_CHANGED';
  end if;
  v_override := private.take_seats(v_target.id, v_before.persons, p_override);
  select * into v_old from public.events e where e.id = v_before.event_id;

  update public.participants p set event_id = v_target.id where p.id = p_participant_id;
  perform private.drop_checkout_session(p_participant_id);
  select * into v_participant from public.participants p where p.id = p_participant_id;
  select * into v_money from private.booking_money(p_participant_id);
  perform private.write_history(p_participant_id, v_before, 'moved', 'admin', v_money.owed_cents,
    case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);
  perform private.enqueue_mail(
    'booking_moved',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(p_participant_id),
      'before', jsonb_build_object(
        'title', v_old.title,
        'startDate', v_old.start_date,
        'endDate', v_old.end_date,
        'startTime', to_char(v_old.start_time, 'HH24:MI'),
        'endTime', to_char(v_old.end_time, 'HH24:MI'),
        'location', v_old.location
      ),
      'money', jsonb_build_object('openCents', v_money.open_cents, 'excessCents', v_money.excess_cents)
    ),
    p_participant_id
  );
  return v_participant;
end;
$$;

-- A cancelled or expired booking booked again: seats re-checked (full: NOT_ENOUGH_SEATS unless
-- the admin overrides, which the history records); confirmed, with what it owes open.
create function public.admin_reactivate_booking(p_participant_id uuid, p_override boolean default false)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_event public.events%rowtype;
  v_participant public.participants%rowtype;
  v_override boolean;
begin
  perform private.require_admin();
  v_before := private.lock_booking(p_participant_id);
  if private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  select * into v_event from public.events e where e.id = v_before.event_id;
  perform private.check_staff_target(v_event);
  v_override := private.take_seats(v_event.id, v_before.persons, p_override);
  update public.participants p
     set status = 'confirmed', hold_expires_at = null, hold_released_at = null,
         checkout_session_id = null, checkout_url = null
   where p.id = p_participant_id
  returning * into v_participant;
  perform private.write_history(p_participant_id, v_before, 'reactivated', 'admin',
    (private.booking_money(p_participant_id)).open_cents,
    case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);
  perform private.enqueue_mail(
    'participant_confirmation',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(p_participant_id),
      'addedByStaff', true,
      'reactivated', true
    ),
    p_participant_id
  );
  return v_participant;
end;
$$;

create function public.admin_update_participant(p_participant_id uuid, p_name text, p_email text, p_phone text, p_notes text default '')
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_input record;
  v_participant public.participants%rowtype;
  v_changed text[] := '{}';
begin
  perform private.require_admin();
  v_before := private.lock_booking(p_participant_id);
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, v_before.payment_method, p_notes);
  if v_input.name <> v_before.name then v_changed := array_append(v_changed, 'Name'); end if;
  if v_input.email <> v_before.email then v_changed := array_append(v_changed, 'E-Mail'); end if;
  if v_input.phone <> v_before.phone then v_changed := array_append(v_changed, 'Telefon'); end if;
  if v_input.notes <> v_before.notes then v_changed := array_append(v_changed, 'Notizen'); end if;
  update public.participants p
     set name = v_input.name, email = v_input.email, phone = v_input.phone, notes = v_input.notes
   where p.id = p_participant_id
  returning * into v_participant;
  if cardinality(v_changed) > 0 then
    perform private.write_history(p_participant_id, v_before, 'contact_changed', 'admin', null,
      array_to_string(v_changed, ', '));
  end if;
  return v_participant;
end;
$$;

create or replace function public.admin_set_checked_in(p_participant_id uuid, p_present boolean)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  if p_present is null then
    raise exception 'INVALID_INPUT' using detail = 'present';
  end if;
  v_before := private.lock_booking(p_participant_id);
  if p_present and not private.holds_seats(v_before.status) then
    raise exception 'PARTICIPANT_CANCELLED';
  end if;
  update public.participants p
     set checked_in_at = case when p_present then coalesce(p.checked_in_at, now()) end
   where p.id = p_participant_id
  returning * into v_participant;
  if (v_before.checked_in_at is null) = p_present then
    perform private.write_history(p_participant_id, v_before,
      case when p_present then 'checked_in' else 'checkin_undone' end, 'admin');
  end if;
  return v_participant;
end;
$$;

-- Only a booking that neither holds seats nor carries money can go (a mistaken entry); the rest
-- is cancelled, so its history and money stay.
create or replace function public.admin_delete_participant(p_participant_id uuid)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  v_participant := private.lock_booking(p_participant_id);
  if private.holds_seats(v_participant.status) then
    raise exception 'BOOKING_ACTIVE';
  end if;
  if exists (select 1 from public.payments y where y.participant_id = p_participant_id)
    or exists (select 1 from public.refund_requests r
                where r.participant_id = p_participant_id and r.kind <> 'expire_checkout') then
    raise exception 'BOOKING_HAS_MONEY';
  end if;
  delete from public.participants p where p.id = p_participant_id;
end;
$$;

create function private.event_has_bookings(p_event_id uuid)
 returns boolean
 language sql
 stable security definer
 set search_path to ''
as $$
  select exists (
    select 1 from public.participants p
     where p.event_id = p_event_id
       and (private.holds_seats(p.status)
         or exists (select 1 from public.payments y where y.participant_id = p.id)
         or exists (select 1 from public.refund_requests r
                     where r.participant_id = p.id and r.kind <> 'expire_checkout'))
  )
$$;
revoke all on function private.event_has_bookings(uuid) from public;

create function private.events_guard_delete()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $$
begin
  if private.event_has_bookings(old.id) then
    raise exception 'EVENT_HAS_BOOKINGS';
  end if;
  return old;
end;
$$;
revoke all on function private.events_guard_delete() from public;

create trigger events_guard_delete before delete on public.events
  for each row execute function private.events_guard_delete();

create or replace function public.admin_delete_event(p_event_id uuid)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $$
begin
  perform private.require_admin();
  perform 1 from public.events e where e.id = p_event_id for update;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if private.event_has_bookings(p_event_id) then
    raise exception 'EVENT_HAS_BOOKINGS';
  end if;
  delete from public.events e where e.id = p_event_id;
end;
$$;

-- Cancel an event: every booking holding seats is cancelled and what it paid goes back (Stripe
-- money through process-refunds, invoice and on-site money as manual refunds the admin
-- confirms); with p_notify the cancel notice goes out now, else later from the event's page.
create function public.admin_cancel_event(p_event_id uuid, p_message text default '', p_notify boolean default true)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_event public.events%rowtype;
  v_message text;
  v_booking public.participants%rowtype;
  v_refund integer;
  v_cancelled integer := 0;
  v_refunded integer := 0;
  v_notified integer := 0;
begin
  perform private.require_admin();
  v_message := private.checked_notice_message(p_message);
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  -- First the event, so the freed seats are offered to nobody.
  update public.events e set is_cancelled = true where e.id = p_event_id and not e.is_cancelled;
  for v_booking in
    select * from public.participants p
     where p.event_id = p_event_id and private.holds_seats(p.status)
     order by p.registration_date, p.id
     for update
  loop
    update public.participants p set status = 'cancelled' where p.id = v_booking.id;
    perform private.drop_checkout_session(v_booking.id);
    v_refund := private.queue_refunds(v_booking.id,
      greatest((private.booking_money(v_booking.id)).balance_cents, 0), 'Event abgesagt');
    perform private.write_history(v_booking.id, v_booking, 'event_cancelled', 'admin', v_refund, v_message);
    v_cancelled := v_cancelled + 1;
    v_refunded := v_refunded + v_refund;
  end loop;
  -- Offers made before the cancellation end with it.
  perform private.end_waitlist_entry(w.id, 'expired')
     from public.waitlist_entries w where w.event_id = p_event_id and w.status = 'offered';
  if coalesce(p_notify, true) then
    v_notified := public.admin_notify_event_cancelled(p_event_id, v_message);
  end if;
  return jsonb_build_object('cancelled', v_cancelled, 'refunded_cents', v_refunded, 'notified', v_notified);
end;
$$;

-- Whether the cancel notice went out: how many would get it, how many have it.
create function public.admin_event_notice_state(p_event_id uuid)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $$
declare
  v_event public.events%rowtype;
  v_total integer;
  v_pending integer;
begin
  perform private.require_admin();
  select * into v_event from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  select count(*), count(*) filter (where not exists (
           select 1 from public.mail_outbox o
            where o.kind = 'event_cancelled'
              and o.payload #>> '{event,id}' = p_event_id::text
              and lower(o.recipient) = lower(r.email)))
    into v_total, v_pending
    from private.event_notice_recipients(p_event_id) r;
  return jsonb_build_object(
    'is_cancelled', v_event.is_cancelled,
    'recipients', v_total,
    'without_notice', case when v_event.is_cancelled then v_pending else 0 end,
    'notice_sent', v_event.is_cancelled and v_total > v_pending
  );
end;
$$;

create function public.admin_booking_history(p_participant_id uuid)
 returns setof public.booking_history
 language plpgsql
 stable security definer
 set search_path to ''
as $$
begin
  perform private.require_admin();
  return query
  select h.* from public.booking_history h
   where h.participant_id = p_participant_id
   order by h.created_at, h.id;
end;
$$;

create or replace function public.admin_refund_details(p_participant_id uuid)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $$
declare
  v_participant public.participants%rowtype;
  v_intent text;
  v_balance integer;
begin
  perform private.require_admin();
  select * into v_participant from public.participants p where p.id = p_participant_id;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  select y.provider_reference into v_intent from public.payments y
   where y.participant_id = p_participant_id and y.state = 'succeeded' and y.provider_reference like 'pi\_%'
   order by y.created_at desc limit 1;
  v_balance := (private.booking_money(p_participant_id)).balance_cents;
  if v_intent is null or v_balance <= 0 then
    raise exception 'NOT_REFUNDABLE' using detail = v_participant.status;
  end if;
  return jsonb_build_object('payment_intent_id', v_intent, 'amount_cents', v_balance);
end;
$$;

-- Invoice and on-site money: the admin confirms the transfers a visitor's change asked for
-- (queued manual refunds), or, with none queued, gives back what is left of the balance.
create or replace function public.admin_record_manual_refund(p_participant_id uuid)
 returns text
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  v_before public.participants%rowtype;
  v_request public.refund_requests%rowtype;
  v_open boolean := false;
  v_amount integer := 0;
  v_balance integer;
begin
  perform private.require_admin();
  v_before := private.lock_booking(p_participant_id);
  if v_before.payment_method not in ('invoice', 'onsite') then
    raise exception 'NOT_REFUNDABLE' using detail = v_before.status;
  end if;
  for v_request in
    select * from public.refund_requests r
     where r.participant_id = p_participant_id and r.kind = 'manual_refund' and r.state = 'queued'
     for update
  loop
    v_open := true;
    update public.refund_requests r set state = 'done', done_at = now() where r.id = v_request.id;
    perform private.queue_refund_mail(v_request);
    v_amount := v_amount + v_request.amount_cents;
  end loop;
  if not v_open then
    v_balance := (private.booking_money(p_participant_id)).balance_cents;
    if v_balance <= 0 then
      raise exception 'NOT_REFUNDABLE' using detail = v_before.status;
    end if;
    v_amount := private.queue_refunds(p_participant_id, v_balance, 'Rückerstattung durch das Team', null, true, true);
  end if;
  perform private.write_history(p_participant_id, v_before, 'refund_recorded', 'admin', v_amount);
  return case when (private.booking_money(p_participant_id)).balance_cents > 0 then 'paid' else 'refunded' end;
end;
$$;

-- =================================================================================================
-- 12. Numbers
-- =================================================================================================

create or replace function public.admin_dashboard_stats()
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $$
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
$$;

create or replace function public.admin_weekly_bookings(p_weeks integer default 12)
 returns table(week_start date, registrations integer, persons integer, revenue_cents bigint)
 language plpgsql
 stable security definer
 set search_path to ''
as $$
declare
  v_this_week date := date_trunc('week', now() at time zone 'Europe/Zurich')::date;
begin
  perform private.require_admin();
  if p_weeks is null or p_weeks not between 1 and 104 then
    raise exception 'INVALID_INPUT' using detail = 'weeks';
  end if;
  return query
  with weeks as (
    select (v_this_week - 7 * n)::date as week_start
    from generate_series(0, p_weeks - 1) as n
  ),
  booked as (
    select date_trunc('week', p.created_at at time zone 'Europe/Zurich')::date as week_start,
           p.persons,
           (private.booking_money(p.id)).owed_cents as amount_cents
    from public.participants p
    where p.created_at >= (v_this_week - 7 * (p_weeks - 1))::timestamp at time zone 'Europe/Zurich'
      and private.holds_seats(p.status)
  )
  select w.week_start,
         count(b.week_start)::integer,
         coalesce(sum(b.persons), 0)::integer,
         coalesce(sum(b.amount_cents), 0)::bigint
  from weeks w
  left join booked b on b.week_start = w.week_start
  group by w.week_start
  order by w.week_start;
end;
$$;

-- =================================================================================================
-- 13. The admin's read side
-- =================================================================================================

-- The money comes from private functions, which the API roles cannot reach: the view runs as its
-- owner and shows rows to admins only (the same rule as participants' RLS).
create view public.admin_bookings as
select p.id, p.event_id, p.reference, p.status, p.name, p.email, p.phone, p.persons,
       p.payment_method, p.notes, p.answers, p.registration_date, p.created_at, p.updated_at,
       p.hold_expires_at, p.hold_released_at, p.checkout_session_id, p.checkout_url,
       p.invoice_reference, p.invoice_due_date, p.checked_in_at, p.confirmation_sent_at,
       p.discount_cents, m.owed_cents, m.paid_cents, m.refunded_cents, m.balance_cents, m.open_cents, m.excess_cents,
       m.needs_review, m.paid_method,
       exists (select 1 from public.refund_requests r
                where r.participant_id = p.id and r.kind = 'manual_refund' and r.state = 'queued') as refund_open,
       h.action as last_action, h.created_at as last_action_at
  from public.participants p
 cross join lateral private.booking_money(p.id) m
  left join lateral (
    select h.action, h.created_at from public.booking_history h
     where h.participant_id = p.id
     order by h.created_at desc, h.id desc
     limit 1
  ) h on true
 where (select public.is_admin());

revoke all on table public.admin_bookings from anon, authenticated;
grant select on table public.admin_bookings to authenticated;

comment on view public.admin_bookings is
  'Bookings with their derived money (owed, paid, refunded, open, excess, needs_review, paid method) and last change, for the admin area; rows for admins only (is_admin(), as participants'' RLS).';

-- =================================================================================================
-- 14. At least one admin remains, also when an account is deleted
-- =================================================================================================

create function private.guard_last_admin_delete()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $$
begin
  if old.is_admin then
    perform pg_advisory_xact_lock(hashtext('public.profiles.is_admin'));
    if not exists (select 1 from public.profiles p where p.is_admin and p.id <> old.id) then
      raise exception 'LAST_ADMIN' using detail = 'At least one admin must remain.';
    end if;
  end if;
  return old;
end;
$$;
revoke all on function private.guard_last_admin_delete() from public;

-- Deleting the auth user (the dashboard's "Delete user") cascades to the profile: refused there.
create trigger profiles_guard_last_admin before delete on public.profiles
  for each row execute function private.guard_last_admin_delete();

-- =================================================================================================
-- 15. Direct writes end: the transitions are the only writers
-- =================================================================================================

drop policy "Admins add participants" on public.participants;
drop policy "Admins change participants" on public.participants;
drop policy "Admins delete participants" on public.participants;
revoke all on table public.participants from anon, authenticated;
grant select on table public.participants to authenticated;

comment on table public.participants is
  'Bookings. Only admins read them; every change goes through the transitions (register_for_event, change_booking, complete_checkout, admin_* ...), which write booking_history. See docs/data-model.md.';

revoke all on function private.lock_booking(uuid) from public;
revoke all on function private.payment_word(uuid) from public;
revoke all on function private.visitor_state(uuid) from public;

revoke all on function public.admin_add_booking(uuid, text, text, text, integer, text, text, boolean, boolean) from anon, public;
revoke all on function public.admin_record_payment(uuid, integer, text, text) from anon, public;
revoke all on function public.admin_resolve_payment(uuid, boolean, text) from anon, public;
revoke all on function public.admin_cancel_booking(uuid, integer, text) from anon, public;
revoke all on function public.admin_refund(uuid, integer, text) from anon, public;
revoke all on function public.admin_change_persons(uuid, integer, boolean) from anon, public;
revoke all on function public.admin_move_booking(uuid, uuid, boolean) from anon, public;
revoke all on function public.admin_reactivate_booking(uuid, boolean) from anon, public;
revoke all on function public.admin_update_participant(uuid, text, text, text, text) from anon, public;
revoke all on function public.admin_cancel_event(uuid, text, boolean) from anon, public;
revoke all on function public.admin_event_notice_state(uuid) from anon, public;
revoke all on function public.admin_booking_history(uuid) from anon, public;
grant execute on function public.admin_add_booking(uuid, text, text, text, integer, text, text, boolean, boolean) to authenticated, service_role;
grant execute on function public.admin_record_payment(uuid, integer, text, text) to authenticated, service_role;
grant execute on function public.admin_resolve_payment(uuid, boolean, text) to authenticated, service_role;
grant execute on function public.admin_cancel_booking(uuid, integer, text) to authenticated, service_role;
grant execute on function public.admin_refund(uuid, integer, text) to authenticated, service_role;
grant execute on function public.admin_change_persons(uuid, integer, boolean) to authenticated, service_role;
grant execute on function public.admin_move_booking(uuid, uuid, boolean) to authenticated, service_role;
grant execute on function public.admin_reactivate_booking(uuid, boolean) to authenticated, service_role;
grant execute on function public.admin_update_participant(uuid, text, text, text, text) to authenticated, service_role;
grant execute on function public.admin_cancel_event(uuid, text, boolean) to authenticated, service_role;
grant execute on function public.admin_event_notice_state(uuid) to authenticated, service_role;
grant execute on function public.admin_booking_history(uuid) to authenticated, service_role;

-- =================================================================================================
-- 16. Error codes
-- =================================================================================================

insert into public.error_codes (code, visitor_message, admin_message) values
  ('BOOKING_HAS_MONEY', null,
   'Zu dieser Buchung gibt es Zahlungen oder Rückerstattungen. Sie kann nicht gelöscht, nur storniert werden.'),
  ('BOOKING_ACTIVE', null,
   'Die Buchung belegt noch Plätze. Stornieren Sie sie zuerst; löschen lassen sich nur stornierte Buchungen ohne Zahlungen.'),
  ('EVENT_HAS_BOOKINGS', null,
   'Das Event hat aktive oder bezahlte Buchungen und kann nicht gelöscht werden. Sagen Sie es ab (die Teilnehmenden werden informiert und erhalten ihr Geld zurück) und archivieren Sie es danach.'),
  ('EVENT_PAST', null,
   'Das Event hat bereits stattgefunden. Wählen Sie ein kommendes Event.'),
  ('TRANSITION_NOT_ALLOWED', null,
   'Diese Aktion ist im aktuellen Status der Buchung nicht möglich. Bitte laden Sie die Seite neu.'),
  ('AMOUNT_TOO_HIGH', null,
   'Der Betrag ist höher als möglich (mehr als bezahlt bzw. offen ist).'),
  ('PAYMENT_NOT_ALLOWED', null,
   'Für eine stornierte oder abgelaufene Buchung kann keine Zahlung erfasst werden. Reaktivieren Sie sie zuerst.'),
  ('PAYMENT_NOT_FOUND', null,
   'Die Zahlung gibt es nicht mehr.');

