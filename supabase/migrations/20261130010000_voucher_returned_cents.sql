-- Review fix (gift vouchers, issue 28): what went back onto gift vouchers from a booking is summed
-- in one place, private.booking_voucher_returned_cents, used by private.booking_voucher_cents (what
-- vouchers pay of the booking now) and by public.booking_by_token's voucher_returned_cents
-- (one line swapped there; the rest of that function is as before).

CREATE FUNCTION private.booking_voucher_returned_cents(p_participant_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(sum(r.amount_cents), 0)::integer from public.refund_requests r
   where r.participant_id = p_participant_id and r.kind = 'voucher_return'
$function$;

revoke all on function private.booking_voucher_returned_cents(uuid) from public;

comment on function private.booking_voucher_returned_cents(uuid) is 'What went back onto gift vouchers from the booking (refunds of kind voucher_return), in cents: part of its refunds, but no money paid out.';

CREATE OR REPLACE FUNCTION private.booking_voucher_cents(p_participant_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (coalesce((select sum(y.amount_cents) from public.payments y
                     where y.participant_id = p_participant_id and y.method = 'voucher' and y.state = 'succeeded'), 0)
        - private.booking_voucher_returned_cents(p_participant_id))::integer
$function$;

CREATE OR REPLACE FUNCTION public.booking_by_token(p_reference text, p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_check record;
  v_participant public.participants%rowtype;
  v_event public.events%rowtype;
  v_money record;
  v_deadline timestamptz;
  v_active boolean;
  v_before_deadline boolean;
  v_tickets jsonb;
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
  v_before_deadline := v_deadline is null or private.now() < v_deadline;
  v_tickets := private.booking_ticket_lines(v_participant.id);
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
    -- Gift vouchers (issue 28): what they pay of this booking now, and what went back onto them
    -- (part of refunded_cents, but no money paid out).
    'voucher_cents', private.booking_voucher_cents(v_participant.id),
    'voucher_returned_cents', private.booking_voucher_returned_cents(v_participant.id),
    'event', jsonb_build_object(
      'title', v_event.title,
      'slug', v_event.slug,
      'category', v_event.category,
      'description', v_event.description,
      'start_date', v_event.start_date,
      'end_date', v_event.end_date,
      'start_time', to_char(v_event.start_time, 'HH24:MI'),
      'end_time', to_char(v_event.end_time, 'HH24:MI'),
      'location', v_event.location,
      'price', v_event.price,
      'bring_along', v_event.bring_along,
      'is_cancelled', v_event.is_cancelled,
      'cancellation_deadline_hours', v_event.cancellation_deadline_hours,
      'late_cancellation_charge_percent', v_event.late_cancellation_charge_percent
    ),
    'deadline', v_deadline,
    -- Fewer persons: before the deadline, never for the hut (its price is the group's).
    'can_reduce', v_active and not v_event.is_cancelled and v_before_deadline
      and v_event.category <> 'fondue',
    -- Cancelling: before the deadline, or after it where the event keeps a share.
    'can_change', v_active and not v_event.is_cancelled
      and (v_before_deadline or (v_event.late_cancellation_charge_percent is not null
                                 and private.now() < (private.event_schedule(v_event)).starts_at)),
    'cancellation', private.cancellation_terms(v_participant.id),
    -- The QR ticket shown at the door (issue 28): only for a booked seat at an event that takes place.
    'ticket_code', private.booking_ticket(v_participant.id),
    -- The discount code booked with (issue 28) and what it takes off now; null without one.
    'discount', case when v_participant.discount_code_id is not null then jsonb_build_object(
      'code', (select c.code from public.discount_codes c where c.id = v_participant.discount_code_id),
      'percent', v_participant.code_percent,
      'amount_cents', v_participant.code_amount_cents,
      'min_persons', v_participant.code_min_persons,
      'ticket_types', to_jsonb(v_participant.code_ticket_types),
      'cents', private.booking_code_discount_cents(v_participant.id)
    ) end,
    -- The tickets per type as booked (issue 28); null without types.
    'tickets', v_tickets,
    -- What the booking would cost for 1 .. persons (the reduce form's choices), by the same rule;
    -- a booking with ticket types is reduced per type, so it has none.
    'total_cents_by_persons', case when v_tickets is null then (
      select jsonb_agg(private.owed_cents((round(v_event.price * 100))::integer * n,
        private.code_discount_cents((round(v_event.price * 100))::integer * n, null, n, v_participant.code_percent,
          v_participant.code_amount_cents, v_participant.code_min_persons, v_participant.code_ticket_types),
        v_participant.discount_cents) order by n)
      from generate_series(1, v_participant.persons) n
    ) end
  );
end;
$function$;
