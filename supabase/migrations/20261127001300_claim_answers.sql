-- The waiting list's claim can answer the event's questions (issue 14 gap).
--
-- Until now the claim booked with the answers given on joining (20261126001300). When the admin
-- added a required question after someone joined, their claim was refused with ANSWER_REQUIRED
-- and the claim page had no field to answer it: a dead end. Now:
-- * waitlist_link(token) also answers the event's questions and the entry's answers, so the
--   claim page can show the questions filled with what was given on joining;
-- * claim_waitlist_offer(token, payment_method, answers) books with the answers given on joining,
--   overridden by the ones sent with the claim (question by question); private.book checks them
--   as for any booking (ANSWER_REQUIRED / ANSWER_INVALID, DETAIL = the question's id). On success
--   the entry keeps the answers it booked with.

create or replace function public.waitlist_link(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
      'time', e.time, 'location', e.location, 'price', e.price,
      'payment_methods', to_jsonb(e.payment_methods), 'is_cancelled', e.is_cancelled,
      'questions', e.questions
    )
  )
  from public.waitlist_entries w
  join public.events e on e.id = w.event_id
  where p_token is not null and char_length(p_token) = 64
    and (w.leave_token_hash = private.token_hash(p_token)
      or w.offer_token_hash = private.token_hash(p_token))
  limit 1
$$;

revoke all on function public.waitlist_link(text) from public;
grant execute on function public.waitlist_link(text) to anon, authenticated, service_role;

drop function public.claim_waitlist_offer(text, text);

-- Claims an offer (claim token) and books its persons (20261126001300; only p_answers is new):
-- the answers given on joining, with those sent now taking precedence. Errors as before, plus
-- INVALID_INPUT (DETAIL 'answers') when p_answers is not an object.
create or replace function public.claim_waitlist_offer(
  p_token text,
  p_payment_method text,
  p_answers jsonb default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
    v_entry.id, v_entry.persons, v_answers
  );
  update public.waitlist_entries w
  set participant_id = (v_receipt ->> 'participant_id')::uuid,
      answers = v_answers
  where w.id = v_entry.id;
  return v_receipt;
end;
$$;

comment on function public.claim_waitlist_offer(text, text, jsonb) is
  'Books an open waiting-list offer (claim token) with the answers given on joining, overridden by p_answers. See docs/data-model.md, "Waiting list".';

revoke all on function public.claim_waitlist_offer(text, text, jsonb) from public;
grant execute on function public.claim_waitlist_offer(text, text, jsonb) to anon, authenticated, service_role;
