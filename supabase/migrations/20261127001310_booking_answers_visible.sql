-- The booking's answers are visible to the person who gave them (issue 14 gap): the
-- confirmation page (booking_by_token, the manage token's holder) and the confirmation mail
-- (private.booking_mail_payload, the snapshot every booking mail is rendered from) carry
-- participants.answers ([{question_id, label, answer}], the question's text as booked).
-- Both functions are unchanged otherwise (from 20261125001310 and 20261125001300).

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
    -- The visitor's own answers, each with the question's text as booked.
    'answers', v_participant.answers,
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

create or replace function private.booking_mail_payload(p_participant_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'participant', jsonb_build_object(
      'id', p.id,
      'reference', p.reference,
      'name', p.name,
      'email', p.email,
      'phone', p.phone,
      'paymentMethod', p.payment_method,
      'paymentStatus', p.payment_status,
      'notes', p.notes,
      'persons', p.persons,
      'answers', p.answers
    ),
    'event', jsonb_build_object(
      'title', e.title,
      'description', e.description,
      'startDate', e.start_date,
      'endDate', e.end_date,
      'time', e.time,
      'location', e.location,
      'price', e.price,
      'bringAlong', e.bring_along
    )
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$$;
