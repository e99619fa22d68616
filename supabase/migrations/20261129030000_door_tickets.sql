-- Issue 28: the door's answer names the booking's tickets per type.

CREATE OR REPLACE FUNCTION private.door_answer(p_row public.participants, p_already boolean)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'participant_id', p_row.id,
    'event_id', p_row.event_id,
    'reference', p_row.reference,
    'name', p_row.name,
    'persons', p_row.persons,
    'checked_in_persons', private.door_persons_in(p_row),
    'already_checked_in', p_already,
    'checked_in_at', p_row.checked_in_at,
    'checked_in_time', to_char(p_row.checked_in_at at time zone 'Europe/Zurich', 'HH24:MI'),
    -- What is still to collect at the door (an on-site payment, an unpaid invoice).
    'payment_method', p_row.payment_method,
    'open_cents', (private.booking_money(p_row.id)).open_cents,
    -- The tickets per type (issue 28): who comes in ("2 × Erwachsene, 1 × Kinder"); null without.
    'tickets', private.booking_ticket_lines(p_row.id))
$function$;
