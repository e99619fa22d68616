-- Issue 28: whoever claims a seat offered from the waiting list can pay with a gift voucher too.
-- A new parameter: the old signature goes.
drop function public.claim_waitlist_offer(text, text, jsonb, jsonb);
CREATE FUNCTION public.claim_waitlist_offer(p_token text, p_payment_method text, p_answers jsonb DEFAULT NULL::jsonb, p_tickets jsonb DEFAULT NULL::jsonb, p_voucher_code text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.waitlist_entries%rowtype;
  v_hash text := private.token_hash(p_token);
  v_answers jsonb;
  v_receipt jsonb;
begin
  if p_answers is not null and jsonb_typeof(p_answers) <> 'object' then
    raise exception 'INVALID_INPUT' using detail = 'answers';
  end if;
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

  v_answers := v_entry.answers || coalesce(p_answers, '{}');
  perform private.end_waitlist_entry(v_entry.id, 'claimed');
  v_receipt := private.book(
    v_entry.event_id, v_entry.name, v_entry.email, v_entry.phone, p_payment_method, '',
    v_entry.id, v_entry.persons, v_answers, null, null, null, p_tickets, p_voucher_code
  );
  update public.waitlist_entries w
  set participant_id = (v_receipt ->> 'participant_id')::uuid,
      answers = v_answers
  where w.id = v_entry.id;
  return v_receipt;
end;
$function$;
revoke all on function public.claim_waitlist_offer(text,text,jsonb,jsonb,text) from public;
grant execute on function public.claim_waitlist_offer(text,text,jsonb,jsonb,text) to anon, authenticated;
