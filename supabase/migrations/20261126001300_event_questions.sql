-- Questions per event (issue 14): the admin asks a few things with the booking (the child's name
-- and age for a Kids event, the menu for a Stammtisch); the answers are stored with the
-- registration.
--
-- * events.questions: the event's questions as a jsonb array, saved with the event row (one
--   write, one transaction); its shape is a CHECK (private.event_questions_valid):
--   [{id: uuid, kind: 'text'|'choice'|'yes_no', label, required: boolean, options: [text]}]
--   (options only for 'choice': 2..20 distinct texts; none otherwise).
-- * participants.answers: what was answered, each with the question's label at booking time:
--   [{question_id, label, answer}] (CHECK private.participant_answers_valid). A question the admin
--   later renames or deletes leaves the stored answers as they were: they carry their own text.
-- * private.checked_answers(questions, answers) decides: required answered, a choice one of its
--   options, yes/no 'Ja' or 'Nein', at most 500 characters; ANSWER_REQUIRED / ANSWER_INVALID with
--   the question's id as DETAIL. private.book (the one booking path: register_for_event and the
--   waiting list's claim) calls it; join_waitlist too, which keeps the answers with the entry so
--   the claim books with them.

-- ---------------------------------------------------------------------------------------------
-- Shapes
-- ---------------------------------------------------------------------------------------------

-- security definer: the check constraints run it as the writing admin, who has no access to the
-- private schema (as private.setting_value_is_valid, 20261124001200).
create or replace function private.event_questions_valid(p_questions jsonb)
returns boolean
language plpgsql
immutable
security definer
set search_path = ''
as $$
declare
  v_question jsonb;
  v_option jsonb;
  v_ids text[] := '{}';
  v_options text[];
begin
  if jsonb_typeof(p_questions) <> 'array' or jsonb_array_length(p_questions) > 10 then
    return false;
  end if;
  for v_question in select q from jsonb_array_elements(p_questions) q loop
    if jsonb_typeof(v_question) <> 'object'
       or (select array_agg(k order by k) from jsonb_object_keys(v_question) k)
          <> array['id', 'kind', 'label', 'options', 'required']
       or jsonb_typeof(v_question -> 'id') <> 'string'
       or (v_question ->> 'id') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       or (v_question ->> 'id') = any (v_ids)
       or jsonb_typeof(v_question -> 'kind') <> 'string'
       or (v_question ->> 'kind') not in ('text', 'choice', 'yes_no')
       or jsonb_typeof(v_question -> 'label') <> 'string'
       or (v_question ->> 'label') <> btrim(v_question ->> 'label')
       or char_length(v_question ->> 'label') not between 1 and 200
       or jsonb_typeof(v_question -> 'required') <> 'boolean'
       or jsonb_typeof(v_question -> 'options') <> 'array' then
      return false;
    end if;
    v_ids := v_ids || (v_question ->> 'id');
    if (v_question ->> 'kind') = 'choice' then
      if jsonb_array_length(v_question -> 'options') not between 2 and 20 then
        return false;
      end if;
      v_options := '{}';
      for v_option in select o from jsonb_array_elements(v_question -> 'options') o loop
        if jsonb_typeof(v_option) <> 'string'
           or (v_option #>> '{}') <> btrim(v_option #>> '{}')
           or char_length(v_option #>> '{}') not between 1 and 100
           or (v_option #>> '{}') = any (v_options) then
          return false;
        end if;
        v_options := v_options || (v_option #>> '{}');
      end loop;
    elsif jsonb_array_length(v_question -> 'options') <> 0 then
      return false;
    end if;
  end loop;
  return true;
end;
$$;

revoke all on function private.event_questions_valid(jsonb) from public;
grant execute on function private.event_questions_valid(jsonb) to authenticated, service_role;

create or replace function private.participant_answers_valid(p_answers jsonb)
returns boolean
language plpgsql
immutable
security definer
set search_path = ''
as $$
declare
  v_answer jsonb;
begin
  if jsonb_typeof(p_answers) <> 'array' or jsonb_array_length(p_answers) > 10 then
    return false;
  end if;
  for v_answer in select a from jsonb_array_elements(p_answers) a loop
    if jsonb_typeof(v_answer) <> 'object'
       or (select array_agg(k order by k) from jsonb_object_keys(v_answer) k)
          <> array['answer', 'label', 'question_id']
       or jsonb_typeof(v_answer -> 'question_id') <> 'string'
       or jsonb_typeof(v_answer -> 'label') <> 'string'
       or char_length(v_answer ->> 'label') not between 1 and 200
       or jsonb_typeof(v_answer -> 'answer') <> 'string'
       or char_length(v_answer ->> 'answer') not between 1 and 500 then
      return false;
    end if;
  end loop;
  return true;
end;
$$;

revoke all on function private.participant_answers_valid(jsonb) from public;
grant execute on function private.participant_answers_valid(jsonb) to authenticated, service_role;

alter table public.events
  add column questions jsonb not null default '[]',
  add constraint events_questions_check check (private.event_questions_valid(questions));

comment on column public.events.questions is
  'Questions asked with a booking: [{id, kind text|choice|yes_no, label, required, options}] (docs/data-model.md).';

alter table public.participants
  add column answers jsonb not null default '[]',
  add constraint participants_answers_check check (private.participant_answers_valid(answers));

comment on column public.participants.answers is
  'Answers to the event''s questions, each with the question''s label at booking time: [{question_id, label, answer}].';

-- The visitor's answers while on the waiting list ({question id: answer}, checked on joining);
-- the claim books with them.
alter table public.waitlist_entries
  add column answers jsonb not null default '{}',
  add constraint waitlist_entries_answers_check check (jsonb_typeof(answers) = 'object');

-- ---------------------------------------------------------------------------------------------
-- The rule
-- ---------------------------------------------------------------------------------------------

-- The answers to store for p_answers ({question id: text}; null = none) to the event's questions,
-- in the questions' order, empty answers left out. Ids that are no question (any more) are
-- ignored: a question the admin removed while the visitor was filling the form costs nothing.
-- Raises INVALID_INPUT (DETAIL 'answers': not an object), ANSWER_REQUIRED, ANSWER_INVALID
-- (DETAIL: the question's id).
create or replace function private.checked_answers(p_questions jsonb, p_answers jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_answers jsonb := coalesce(p_answers, '{}');
  v_question jsonb;
  v_value jsonb;
  v_answer text;
  v_stored jsonb := '[]';
begin
  if jsonb_typeof(v_answers) <> 'object' then
    raise exception 'INVALID_INPUT' using detail = 'answers';
  end if;
  for v_question in select q from jsonb_array_elements(coalesce(p_questions, '[]')) q loop
    v_value := v_answers -> (v_question ->> 'id');
    if v_value is null or jsonb_typeof(v_value) = 'null' then
      v_answer := '';
    elsif jsonb_typeof(v_value) <> 'string' then
      raise exception 'ANSWER_INVALID' using detail = v_question ->> 'id';
    else
      v_answer := btrim(v_value #>> '{}');
    end if;
    if v_answer = '' then
      if (v_question -> 'required') = 'true'::jsonb then
        raise exception 'ANSWER_REQUIRED' using detail = v_question ->> 'id';
      end if;
      continue;
    end if;
    if char_length(v_answer) > 500
       or ((v_question ->> 'kind') = 'choice' and not ((v_question -> 'options') ? v_answer))
       or ((v_question ->> 'kind') = 'yes_no' and v_answer not in ('Ja', 'Nein')) then
      raise exception 'ANSWER_INVALID' using detail = v_question ->> 'id';
    end if;
    v_stored := v_stored || jsonb_build_array(jsonb_build_object(
      'question_id', v_question ->> 'id',
      'label', v_question ->> 'label',
      'answer', v_answer
    ));
  end loop;
  return v_stored;
end;
$$;

revoke all on function private.checked_answers(jsonb, jsonb) from public;

-- ---------------------------------------------------------------------------------------------
-- The one booking path, now with answers (from 20261125001300; only the answers are new)
-- ---------------------------------------------------------------------------------------------

drop function private.book(uuid, text, text, text, text, text, uuid, integer);

create or replace function private.book(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_method text,
  p_notes text,
  p_request_id uuid,
  p_persons integer,
  p_answers jsonb default '{}'
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
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
      and p.payment_status in ('pending', 'paid')
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;

  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token); the payment hold from its trigger.
  insert into public.participants (
    event_id, name, email, phone, payment_status, payment_method, notes, request_id,
    confirmation_token_hash, persons, answers
  )
  values (
    v_event.id, v_input.name, v_input.email, v_input.phone,
    case when v_input.payment_method = 'free' and v_event.price = 0 then 'paid' else 'pending' end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash, p_persons, v_answers
  )
  returning * into v_participant;

  return private.booking_receipt(v_participant.id, v_token.token);
end;
$$;

revoke all on function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb) from public;

-- The public path gains p_answers; it stays closed to visitors (the register-for-event edge
-- function calls it as service role after the challenge, 20261125001000).
drop function public.register_for_event(uuid, text, text, text, text, text, uuid, integer);

create or replace function public.register_for_event(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_payment_method text,
  p_notes text default '',
  p_request_id uuid default null,
  p_persons integer default 1,
  p_answers jsonb default '{}'
)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select private.book(
    p_event_id, p_name, p_email, p_phone, p_payment_method, p_notes, p_request_id, p_persons, p_answers
  )
$$;

comment on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb) is
  'A visitor''s booking of 1..max_persons_per_booking persons with the answers to the event''s questions; the rules are private.book''s. See docs/data-model.md.';

revoke all on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb)
  from public, anon, authenticated;
grant execute on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb)
  to service_role;

-- ---------------------------------------------------------------------------------------------
-- The waiting list keeps the answers until the claim (from 20261125001600 / 20261125001610)
-- ---------------------------------------------------------------------------------------------

drop function public.join_waitlist(uuid, text, text, text, integer);

create or replace function public.join_waitlist(
  p_event_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_persons integer default 1,
  p_answers jsonb default '{}'
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
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
      and p.payment_status in ('pending', 'paid')
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

comment on function public.join_waitlist(uuid, text, text, text, integer, jsonb) is
  'Joins the waiting list of a full event with the answers to its questions (service role: the join-waitlist edge function). See docs/data-model.md.';

revoke all on function public.join_waitlist(uuid, text, text, text, integer, jsonb) from public, anon, authenticated;
grant execute on function public.join_waitlist(uuid, text, text, text, integer, jsonb) to service_role;

-- Claims an offer (claim token) and books its persons with the answers given on joining
-- (20261125001610; only the answers are new). A question added as required since then refuses
-- the claim with ANSWER_REQUIRED.
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
    v_entry.id, v_entry.persons, v_entry.answers
  );
  update public.waitlist_entries w
  set participant_id = (v_receipt ->> 'participant_id')::uuid
  where w.id = v_entry.id;
  return v_receipt;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- A copy of an event asks the same questions (and keeps its per-booking limit and deadline)
-- ---------------------------------------------------------------------------------------------

create or replace function public.admin_clone_event(p_event_id uuid)
returns public.events
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_copy public.events%rowtype;
begin
  perform private.require_admin();
  insert into public.events (
    title, subtitle, description, category, start_date, end_date, time, location, price,
    max_participants, status, image_url, payment_methods, is_sold_out, is_cancelled, bring_along,
    max_persons_per_booking, cancellation_deadline_hours, questions
  )
  select
    -- The title limit is 200 characters; a long title is shortened to make room for the suffix.
    left(e.title, 200 - char_length(' (Kopie)')) || ' (Kopie)',
    e.subtitle, e.description, e.category, e.start_date, e.end_date, e.time, e.location, e.price,
    e.max_participants, 'draft', e.image_url, e.payment_methods, false, false, e.bring_along,
    e.max_persons_per_booking, e.cancellation_deadline_hours, e.questions
  from public.events e
  where e.id = p_event_id
  returning * into v_copy;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  return v_copy;
end;
$$;
