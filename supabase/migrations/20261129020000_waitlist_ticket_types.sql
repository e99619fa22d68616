-- Issue 28: the waiting list of an event with ticket types. The offer's link names the types,
-- and the claim books the offered persons as counts per type (private.book checks them).

CREATE OR REPLACE FUNCTION public.waitlist_link(p_token text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'kind', case when w.offer_token_hash = private.token_hash(p_token) then 'offer' else 'leave' end,
    'status', case
      when w.status = 'offered' and w.offer_expires_at <= now() then 'expired'
      else w.status
    end,
    'position', private.waitlist_position(w.id),
    'persons', w.persons,
    'offer_expires_at', w.offer_expires_at,
    -- The token holder's own answers ({question id: text}), as given on joining.
    'answers', w.answers,
    'event', jsonb_build_object(
      'title', e.title, 'slug', e.slug, 'start_date', e.start_date, 'end_date', e.end_date,
      'start_time', to_char(e.start_time, 'HH24:MI'), 'end_time', to_char(e.end_time, 'HH24:MI'),
      'location', e.location, 'price', e.price,
      'payment_methods', to_jsonb(e.payment_methods), 'is_cancelled', e.is_cancelled,
      'questions', e.questions,
      -- The event's ticket types (issue 28): the claim asks a count per type for the offered seats.
      'ticket_types', coalesce((
        select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'price', t.price, 'note', t.note,
                 'seats_left', case when t.capacity is not null
                                    then greatest(t.capacity - private.ticket_type_taken(t.id), 0) end)
                 order by t.position, t.name)
          from public.event_ticket_types t where t.event_id = e.id), '[]'::jsonb)
    )
  )
  from public.waitlist_entries w
  join public.events e on e.id = w.event_id
  where p_token is not null and char_length(p_token) = 64
    and (w.leave_token_hash = private.token_hash(p_token)
      or w.offer_token_hash = private.token_hash(p_token))
  limit 1
$function$;

drop function public.claim_waitlist_offer(text, text, jsonb);

CREATE OR REPLACE FUNCTION public.claim_waitlist_offer(p_token text, p_payment_method text, p_answers jsonb DEFAULT NULL::jsonb, p_tickets jsonb DEFAULT NULL::jsonb)
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
    v_entry.id, v_entry.persons, v_answers, null, null, null, p_tickets
  );
  update public.waitlist_entries w
  set participant_id = (v_receipt ->> 'participant_id')::uuid,
      answers = v_answers
  where w.id = v_entry.id;
  return v_receipt;
end;
$function$;
revoke all on function public.claim_waitlist_offer(text, text, jsonb, jsonb) from public;
grant execute on function public.claim_waitlist_offer(text, text, jsonb, jsonb) to anon, authenticated;
comment on function public.claim_waitlist_offer(text, text, jsonb, jsonb) is 'Books an open waiting-list offer (claim token) with the answers given on joining, overridden by p_answers; an event with ticket types takes the offered persons as counts per type (p_tickets). See docs/data-model.md, "Waiting list".';
