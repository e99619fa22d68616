-- Issue 28: the admin's booking view names the discount code a booking was made with and what it
-- takes off now (participant page: 'Rabattcode'). New columns go last (create or replace view).

create or replace view public.admin_bookings as
 SELECT p.id,
    p.event_id,
    p.reference,
    p.status,
    p.name,
    p.email,
    p.phone,
    p.persons,
    p.payment_method,
    p.notes,
    p.answers,
    p.registration_date,
    p.created_at,
    p.updated_at,
    p.hold_expires_at,
    p.hold_released_at,
    p.checkout_session_id,
    p.checkout_url,
    p.invoice_reference,
    p.invoice_due_date,
    p.checked_in_at,
    p.confirmation_sent_at,
    p.discount_cents,
    m.owed_cents,
    m.paid_cents,
    m.refunded_cents,
    m.balance_cents,
    m.open_cents,
    m.excess_cents,
    m.needs_review,
    m.paid_method,
    (EXISTS ( SELECT 1
           FROM public.refund_requests r
          WHERE ((r.participant_id = p.id) AND (r.kind = 'manual_refund'::text) AND (r.state = 'queued'::text)))) AS refund_open,
    h.action AS last_action,
    h.created_at AS last_action_at,
    p.anonymised_at,
    -- The discount code booked with and what it takes off now (issue 28).
    ( SELECT c.code
           FROM public.discount_codes c
          WHERE (c.id = p.discount_code_id)) AS discount_code,
    private.code_discount_cents(( SELECT e.price
           FROM public.events e
          WHERE (e.id = p.event_id)), p.persons, p.code_percent, p.code_amount_cents, p.code_min_persons) AS code_discount_cents
   FROM ((public.participants p
     CROSS JOIN LATERAL private.booking_money(p.id) m(owed_cents, paid_cents, refunded_cents, balance_cents, open_cents, excess_cents, needs_review, paid_method))
     LEFT JOIN LATERAL ( SELECT h_1.action,
            h_1.created_at
           FROM public.booking_history h_1
          WHERE (h_1.participant_id = p.id)
          ORDER BY h_1.created_at DESC, h_1.id DESC
         LIMIT 1) h ON (true))
  WHERE ( SELECT public.is_admin() AS is_admin);

-- The view's function calls are checked against the reader (as booking_money is): a pure
-- calculation, nothing to hide.
grant execute on function private.code_discount_cents(numeric, integer, integer, integer, integer) to authenticated, service_role;
