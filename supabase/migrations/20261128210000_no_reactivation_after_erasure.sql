-- Issue 30: a booking whose person was erased (participants.anonymised_at set) must not come back
-- to life. Reactivating it would confirm a booking of "anonymisiert" and send its confirmation
-- to the placeholder address; the person asked to be forgotten, so the admin books anew instead.

insert into public.error_codes (code, visitor_message, admin_message) values
  ('BOOKING_ANONYMISED',
   null,
   'Die Personendaten dieser Buchung wurden entfernt. Sie kann nicht reaktiviert werden; erfassen Sie bei Bedarf eine neue Buchung.');

CREATE OR REPLACE FUNCTION public.admin_reactivate_booking(p_participant_id uuid, p_override boolean DEFAULT false)
 RETURNS public.participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_before public.participants%rowtype;
  v_event public.events%rowtype;
  v_participant public.participants%rowtype;
  v_override boolean;
begin
  perform private.require_admin();
  v_before := private.lock_booking(p_participant_id);
  if v_before.anonymised_at is not null then
    raise exception 'BOOKING_ANONYMISED';
  end if;
  if private.holds_seats(v_before.status) then
    raise exception 'TRANSITION_NOT_ALLOWED' using detail = v_before.status;
  end if;
  v_event := private.lock_bookable_event(v_before.event_id, 'staff');
  v_override := private.take_seats(v_event.id, v_before.persons, p_override);
  update public.participants p
     set status = 'confirmed', hold_expires_at = null, hold_released_at = null,
         checkout_session_id = null, checkout_url = null
   where p.id = p_participant_id
  returning * into v_participant;
  perform private.write_history(p_participant_id, v_before, 'reactivated', 'admin',
    (private.booking_money(p_participant_id)).open_cents,
    case when v_override then 'Kapazität bewusst überschritten' else '' end, v_override);
  perform private.enqueue_mail(
    'participant_confirmation',
    v_participant.email,
    private.booking_mail_payload(p_participant_id) || jsonb_build_object(
      'manageToken', private.mint_manage_token(p_participant_id),
      'addedByStaff', true,
      'reactivated', true
    ),
    p_participant_id
  );
  return v_participant;
end;
$function$;

revoke all on function public.admin_reactivate_booking(uuid,boolean) from anon, public;
