-- The event form's change notice (issue 14/16): an event without a date, or with a start date
-- only, has NULL dates, and the generated client types make every argument a non-null string.
-- Defaults let the form leave a date out (= NULL, "no date") instead of casting null to a
-- string. The body is unchanged.

create or replace function public.admin_notify_event_changed(
  p_event_id uuid,
  p_old_start_date date default null,
  p_old_end_date date default null,
  p_old_time text default '',
  p_old_location text default '',
  p_message text default ''
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_event public.events%rowtype;
  v_message text;
  v_before jsonb;
  v_recipient record;
  v_payload jsonb;
  v_count integer := 0;
begin
  perform private.require_admin();
  v_message := private.checked_notice_message(p_message);
  select * into v_event from public.events e where e.id = p_event_id;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if v_event.is_cancelled then
    raise exception 'EVENT_CANCELLED';
  end if;
  if v_event.start_date is not distinct from p_old_start_date
    and v_event.end_date is not distinct from p_old_end_date
    and v_event.time is not distinct from coalesce(p_old_time, '')
    and v_event.location is not distinct from coalesce(p_old_location, '') then
    raise exception 'NOTHING_CHANGED';
  end if;
  v_before := jsonb_build_object(
    'startDate', p_old_start_date,
    'endDate', p_old_end_date,
    'time', coalesce(p_old_time, ''),
    'location', coalesce(p_old_location, '')
  );
  for v_recipient in select * from private.event_notice_recipients(p_event_id) loop
    v_payload := jsonb_build_object(
      'name', v_recipient.name,
      'waitlist', v_recipient.participant_id is null,
      'message', v_message,
      'before', v_before,
      'event', private.event_notice_payload(p_event_id)
    );
    if v_recipient.participant_id is not null then
      v_payload := v_payload || jsonb_build_object(
        'reference', (select p.reference from public.participants p where p.id = v_recipient.participant_id),
        'manageToken', private.mint_manage_token(v_recipient.participant_id)
      );
    end if;
    perform private.enqueue_mail('event_changed', v_recipient.email, v_payload, v_recipient.participant_id);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

