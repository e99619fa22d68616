-- Self-service for a booking (issue 14): the confirmation page and the manage page read the
-- booking through its manage link (reference + secret token), and the visitor may cancel it or
-- reduce the persons free of charge until the event's cancellation deadline (per event, default
-- 48 hours before the start). One function changes the booking: the seats return in the same
-- transaction (the count trigger; the waiting list's trigger offers them on), a mail to the
-- visitor and a notice to the provider go into the outbox, and a row in booking_changes records
-- what changed (the hook payments' automatic refund picks up).

-- ---------------------------------------------------------------------------------------------
-- The cancellation deadline
-- ---------------------------------------------------------------------------------------------

alter table public.events
  add column cancellation_deadline_hours integer not null default 48,
  add constraint events_cancellation_deadline_hours_check check (cancellation_deadline_hours between 0 and 2160);

comment on column public.events.cancellation_deadline_hours is
  'Until how many hours before the start a visitor may cancel or reduce a booking free of charge (default 48).';

-- When an event starts: its start date at the first time of day its free-text time names
-- ('18:30 - 21:30', '10.00 Uhr'), in Zurich; midnight when it names none. Null without a date.
create or replace function private.event_starts_at(p_start_date date, p_time text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select (
    p_start_date
    + coalesce(
      (select make_time(m[1]::integer, m[2]::integer, 0)
       from regexp_match(coalesce(p_time, ''), '(?:^|[^0-9])([01]?[0-9]|2[0-3])[:.]([0-5][0-9])(?:[^0-9]|$)') as m
       where m is not null),
      time '00:00'
    )
  ) at time zone 'Europe/Zurich'
$$;

revoke all on function private.event_starts_at(date, text) from public;

-- Until when a booking of the event may be changed; null when the event has no date yet.
create or replace function private.cancellation_deadline(e public.events)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select private.event_starts_at(e.start_date, e.time) - make_interval(hours => e.cancellation_deadline_hours)
$$;

revoke all on function private.cancellation_deadline(public.events) from public;

-- ---------------------------------------------------------------------------------------------
-- What changed (the refund hook)
-- ---------------------------------------------------------------------------------------------

create table public.booking_changes (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references public.participants (id) on delete cascade,
  -- 'cancelled' (persons_after = 0) or 'reduced'.
  kind text not null,
  persons_before integer not null,
  persons_after integer not null,
  created_at timestamptz not null default now(),
  constraint booking_changes_kind_check check (kind in ('cancelled', 'reduced')),
  constraint booking_changes_persons_check check (
    persons_after >= 0 and persons_after < persons_before
    and (kind = 'cancelled') = (persons_after = 0)
  )
);

comment on table public.booking_changes is
  'A visitor''s own cancellation or reduction of a booking (change_booking); payments'' refund reacts to its inserts.';

create index booking_changes_participant_id_idx on public.booking_changes (participant_id);

alter table public.booking_changes enable row level security;
revoke all on public.booking_changes from anon, authenticated;
grant select on public.booking_changes to authenticated, service_role;

create policy "Admins read booking changes"
  on public.booking_changes for select
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Mails: the visitor's confirmation of the change, the provider's notice
-- ---------------------------------------------------------------------------------------------

-- Adds mail kinds to whatever the constraint allows at this point, in either form it has been
-- written in: `kind = ANY ('{a,b,...}'::text[])` (since 20261124001510) or `kind IN ('a', ...)`
-- (before). One helper, so later migrations need not parse the constraint again.
create or replace function private.add_mail_kinds(p_kinds text[])
returns void
language plpgsql
volatile
set search_path = ''
as $fn$
declare
  v_def text;
  v_kinds text[];
begin
  select pg_get_constraintdef(c.oid) into v_def
    from pg_constraint c
   where c.conrelid = 'public.mail_outbox'::regclass and c.conname = 'mail_outbox_kind_check';
  if v_def ~ '''\{' then
    v_kinds := string_to_array(substring(v_def from '''\{([^}]*)\}'''), ',');
  else
    select array_agg(m[1]) into v_kinds from regexp_matches(v_def, '''([a-z_]+)''', 'g') as m;
  end if;
  if coalesce(cardinality(v_kinds), 0) < 4 then
    raise exception 'mail_outbox_kind_check not understood: %', v_def;
  end if;
  v_kinds := array(select distinct k from unnest(v_kinds || p_kinds) as k order by k);
  alter table public.mail_outbox drop constraint if exists mail_outbox_kind_check;
  execute format(
    'alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind = any (%L::text[]))',
    v_kinds
  );
end;
$fn$;

revoke all on function private.add_mail_kinds(text[]) from public;

select private.add_mail_kinds(array['booking_change', 'booking_change_notice']);

-- ---------------------------------------------------------------------------------------------
-- The visitor's view of the booking (confirmation page and manage page)
-- ---------------------------------------------------------------------------------------------

-- Null for a wrong token or reference (nothing told about other bookings); {status: 'expired'}
-- for a right but expired token; else {status: 'valid', reference, name, email, persons,
-- payment_method, payment_status, state, amount_cents, event: {...}, deadline, can_change}.
-- state: 'cancelled', 'refunded', 'expired' (online payment hold ran out), 'paid', 'open'
-- (online payment not done), 'pending' (pay on site). can_change: the visitor may still cancel
-- or reduce (booking active, event not cancelled, deadline not passed).
create or replace function public.booking_by_token(p_reference text, p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_check record;
  v_participant public.participants%rowtype;
  v_event public.events%rowtype;
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
  v_deadline := private.cancellation_deadline(v_event);
  v_active := private.holds_seats(v_participant.payment_status);
  return jsonb_build_object(
    'status', 'valid',
    'reference', v_participant.reference,
    'name', v_participant.name,
    'email', v_participant.email,
    'persons', v_participant.persons,
    'payment_method', v_participant.payment_method,
    'payment_status', v_participant.payment_status,
    'state', case
      when v_participant.payment_status = 'refunded' then 'refunded'
      when v_participant.hold_released_at is not null then 'expired'
      when v_participant.payment_status = 'cancelled' then 'cancelled'
      when v_participant.payment_status = 'paid' then 'paid'
      when v_participant.payment_method = 'stripe' then 'open'
      else 'pending'
    end,
    'amount_cents', coalesce(v_participant.amount_paid_cents, private.registration_amount_cents(v_participant.id)),
    'event', jsonb_build_object(
      'title', v_event.title,
      'slug', v_event.slug,
      'description', v_event.description,
      'start_date', v_event.start_date,
      'end_date', v_event.end_date,
      'time', v_event.time,
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

revoke all on function public.booking_by_token(text, text) from public;
grant execute on function public.booking_by_token(text, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Cancel or reduce (p_persons = 0 cancels)
-- ---------------------------------------------------------------------------------------------

-- Errors (P0001): TOKEN_INVALID, TOKEN_EXPIRED, BOOKING_CANCELLED (already cancelled or
-- refunded), EVENT_CANCELLED, DEADLINE_PASSED (DETAIL = the deadline), INVALID_INPUT (DETAIL
-- 'persons': not fewer than now, or negative). Answer: {kind: 'cancelled' | 'reduced', persons}.
create or replace function public.change_booking(p_reference text, p_token text, p_persons integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
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
  -- The event row first, as private.book locks it: a change and a booking (or a claim) of the
  -- same event queue one after the other, so the count stays exact. Then the registration.
  select e.* into v_event
  from public.events e
  join public.participants p on p.event_id = e.id
  where p.id = v_check.participant_id
  for no key update of e;
  select * into v_participant from public.participants p where p.id = v_check.participant_id for update;
  -- An admin may have moved the registration meanwhile: lock its event now.
  if v_participant.event_id <> v_event.id then
    select * into v_event from public.events e where e.id = v_participant.event_id for no key update;
  end if;

  if not private.holds_seats(v_participant.payment_status) or v_participant.hold_released_at is not null then
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
    update public.participants p
       set payment_status = 'cancelled', checkout_url = null
     where p.id = v_participant.id;
  else
    v_kind := 'reduced';
    update public.participants p set persons = p_persons where p.id = v_participant.id;
  end if;
  -- The count trigger has given the seats back (and the waiting list's trigger offered them).
  insert into public.booking_changes (participant_id, kind, persons_before, persons_after)
  values (v_participant.id, v_kind, v_participant.persons, p_persons);

  v_payload := private.booking_mail_payload(v_participant.id) || jsonb_build_object(
    'change', jsonb_build_object('kind', v_kind, 'personsBefore', v_participant.persons, 'personsAfter', p_persons)
  );
  perform private.enqueue_mail('booking_change', v_participant.email, v_payload, v_participant.id);
  perform private.enqueue_mail('booking_change_notice', null, v_payload, v_participant.id);
  return jsonb_build_object('kind', v_kind, 'persons', p_persons);
end;
$$;

revoke all on function public.change_booking(text, text, integer) from public;
grant execute on function public.change_booking(text, text, integer) to anon, authenticated, service_role;
