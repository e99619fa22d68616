-- Issue 28, QR tickets: the visitor sees the booking's signed ticket code (private.ticket_code)
-- as a QR code on the confirmation and manage pages (booking_by_token), and the confirmation, the
-- payment receipt and the reminder carry it as an inline image. Only a booked seat has a ticket:
-- a held checkout is not paid yet, and a cancelled booking or event has nothing to check in.

create or replace function private.booking_ticket(p_participant_id uuid)
 returns text
 language sql
 stable security definer
 set search_path to ''
as $function$
  select private.ticket_code(p.id)
    from public.participants p
    join public.events e on e.id = p.event_id
   where p.id = p_participant_id
     and p.status = 'confirmed'
     and not e.is_cancelled
$function$;
revoke all on function private.booking_ticket(uuid) from public;
comment on function private.booking_ticket(uuid) is
  'The ticket code of a confirmed booking at an event that is not cancelled; null otherwise.';

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
    'ticket_code', private.booking_ticket(v_participant.id)
  );
end;
$function$;

-- The mails a visitor keeps for the evening carry the ticket, added where the mail is queued so
-- every caller of enqueue_mail gets it (like mail_outbox_attach_invoice).
create or replace function private.mail_outbox_attach_ticket()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_code text := private.booking_ticket(new.participant_id);
begin
  if v_code is not null then
    new.payload := new.payload || jsonb_build_object('ticket', jsonb_build_object('code', v_code));
  end if;
  return new;
end;
$function$;
revoke all on function private.mail_outbox_attach_ticket() from public;

create trigger mail_outbox_attach_ticket before insert on public.mail_outbox
  for each row
  when (new.kind in ('participant_confirmation', 'payment_receipt', 'event_reminder')
        and new.participant_id is not null)
  execute function private.mail_outbox_attach_ticket();
