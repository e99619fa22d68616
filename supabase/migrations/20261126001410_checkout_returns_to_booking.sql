-- Stripe's success and cancel URLs lead to the booking's confirmation page
-- /buchung/{reference}#{manage token} (issue 15), which shows the real payment state and offers
-- to pay again. So begin_checkout answers the booking reference and a manage token (minted here,
-- private.mint_manage_token), and the confirmation page, which holds only the manage token, can
-- open a checkout itself: begin_checkout_by_reference. Both share one body.

create or replace function private.begin_checkout_for(p_participant_id uuid, p_manage_token text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
  v_title text;
begin
  select * into v_participant from public.participants p where p.id = p_participant_id for update;
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
    'reference', v_participant.reference,
    'manage_token', coalesce(p_manage_token, private.mint_manage_token(v_participant.id)),
    'amount_cents', private.registration_amount_cents(v_participant.id),
    'title', v_title,
    'email', v_participant.email,
    'expires_at', extract(epoch from v_participant.hold_expires_at)::bigint,
    'idempotency_key', 'checkout-' || v_participant.id || '-' || extract(epoch from v_participant.hold_expires_at)::bigint
  );
end;
$$;

revoke all on function private.begin_checkout_for(uuid, text) from public;

-- With the id and one-time token of register_for_event (the booking form, /zahlung links).
-- {state: 'open', url} or {state: 'new', reference, manage_token, amount_cents, ...}.
-- Errors: PARTICIPANT_NOT_FOUND, PAYMENT_NOT_OPEN (DETAIL: the payment status).
create or replace function public.begin_checkout(p_participant_id uuid, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_participant public.participants%rowtype;
begin
  v_participant := private.participant_by_token(p_participant_id, p_token);
  if v_participant.id is null then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  return private.begin_checkout_for(v_participant.id, null);
end;
$$;

revoke all on function public.begin_checkout(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_checkout(uuid, text) to service_role;

-- With the confirmation page's reference and manage token ('Jetzt bezahlen'). Same answer;
-- PARTICIPANT_NOT_FOUND also for an expired token.
create or replace function public.begin_checkout_by_reference(p_reference text, p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_check record;
begin
  select * into v_check from private.manage_token_check(p_reference, p_token);
  if not found or v_check.expired then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  return private.begin_checkout_for(v_check.participant_id, p_token);
end;
$$;

revoke all on function public.begin_checkout_by_reference(text, text) from public, anon, authenticated;
grant execute on function public.begin_checkout_by_reference(text, text) to service_role;
