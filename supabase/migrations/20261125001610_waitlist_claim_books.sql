-- The waiting list's claim books through lifecycle's private.book (migration
-- 20261125001300), which now holds every booking rule; until then it called register_for_event,
-- which is now only a wrapper around it. Same behaviour, one path fewer.

-- Claims an offer (claim token) and books its persons. The offer's own seats are released first
-- (same transaction, under the event lock), then the booking goes through private.book
-- (lifecycle's 20261125001300), the one booking path with all its rules (availability, e-mail
-- once, payment method, persons, reference, confirmation and manage tokens), with the entry's
-- id as request id.
-- Errors: TOKEN_INVALID, OFFER_EXPIRED, OFFER_CLAIMED, OFFER_ENDED (left/removed; DETAIL), and the
-- booking's own (EVENT_CANCELLED, EVENT_SOLD_OUT / NOT_ENOUGH_SEATS = seats gone meanwhile,
-- PAYMENT_METHOD_NOT_ALLOWED, ALREADY_REGISTERED, ...).
create or replace function public.claim_waitlist_offer(p_token text, p_payment_method text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_entry public.waitlist_entries%rowtype;
  v_hash text := private.token_hash(p_token);
  v_receipt jsonb;
begin
  select * into v_entry from public.waitlist_entries w where w.offer_token_hash = v_hash;
  if not found or p_token is null then
    raise exception 'TOKEN_INVALID';
  end if;
  perform 1 from public.events e where e.id = v_entry.event_id for no key update;
  select * into v_entry from public.waitlist_entries w where w.id = v_entry.id for update;
  -- An admin's new offer replaced this token meanwhile.
  if v_entry.offer_token_hash is distinct from v_hash then
    raise exception 'TOKEN_INVALID';
  end if;
  if v_entry.status = 'claimed' then
    raise exception 'OFFER_CLAIMED';
  end if;
  if v_entry.status = 'expired' or (v_entry.status = 'offered' and v_entry.offer_expires_at <= now()) then
    raise exception 'OFFER_EXPIRED';
  end if;
  if v_entry.status <> 'offered' then
    raise exception 'OFFER_ENDED' using detail = v_entry.status;
  end if;

  perform private.end_waitlist_entry(v_entry.id, 'claimed');
  v_receipt := private.book(
    v_entry.event_id, v_entry.name, v_entry.email, v_entry.phone, p_payment_method, '',
    v_entry.id, v_entry.persons
  );
  update public.waitlist_entries w
  set participant_id = (v_receipt ->> 'participant_id')::uuid
  where w.id = v_entry.id;
  return v_receipt;
end;
$$;

