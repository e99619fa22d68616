-- Issue 28, discount codes in the mails: the booking's payload names its code, what it takes
-- off and the total after it, so every mail's 'Total' is the booking's own (templates.ts
-- bookingRows). jsonb_build_object keeps a null 'discount' for a booking without a code.

CREATE OR REPLACE FUNCTION private.booking_mail_payload(p_participant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
      'answers', p.answers,
      -- The discount code booked with (issue 28): the mails' total is the booking's own.
      'discount', case when p.discount_code_id is not null then jsonb_build_object(
        'code', (select c.code from public.discount_codes c where c.id = p.discount_code_id),
        'cents', private.code_discount_cents(e.price, p.persons, p.code_percent, p.code_amount_cents,
                                             p.code_min_persons),
        'totalCents', private.owed_cents(e.price, p.persons, 0, p.code_percent, p.code_amount_cents,
                                         p.code_min_persons)
      ) end
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
$function$;
