-- Messages to participants, optionally also to one event's waiting list (issue 16: "to one
-- event's participants (optionally its waiting list)"). The placeholders are filled by one
-- function for a registration and for a waiting-list entry alike.

-- {name}, {event}, {datum}, {ort} for a name and an event: the one place the placeholders live.
create or replace function private.fill_placeholders(p_text text, p_name text, p_event_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select replace(replace(replace(replace(coalesce(p_text, ''),
    '{name}', p_name),
    '{event}', e.title),
    '{datum}', coalesce(
      to_char(e.start_date, 'DD.MM.YYYY')
        || case when e.end_date is not null and e.end_date <> e.start_date
             then ' – ' || to_char(e.end_date, 'DD.MM.YYYY') else '' end,
      '')),
    '{ort}', e.location)
  from public.events e
  where e.id = p_event_id
$$;

revoke all on function private.fill_placeholders(text, text, uuid) from public;

-- Same signature as before (20261124001530), now through the one function above.
create or replace function private.fill_message_placeholders(p_text text, p_participant_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select private.fill_placeholders(p_text, p.name, p.event_id)
  from public.participants p
  where p.id = p_participant_id
$$;

-- Queues one mail per person: the first registration of each e-mail address among the given ones
-- (unknown ids are skipped) and, with p_waitlist_event_id, everybody still on that event's
-- waiting list ('waiting' or 'offered') whose address got no mail yet. Logs the send per event
-- (a waiting-list mail counts for its event). Returns the number of mails.
drop function public.admin_send_message(uuid[], text, text);

create function public.admin_send_message(
  p_participant_ids uuid[],
  p_subject text,
  p_body text,
  p_waitlist_event_id uuid default null
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message record;
  v_recipient record;
  v_events uuid[] := '{}';
  v_addresses text[] := '{}';
  v_count integer;
begin
  perform private.require_admin();
  select * into v_message from private.checked_message(p_subject, p_body);
  if cardinality(p_participant_ids) > 2000 then
    raise exception 'INVALID_INPUT' using detail = 'recipients';
  end if;
  if p_waitlist_event_id is not null
    and not exists (select 1 from public.events e where e.id = p_waitlist_event_id) then
    raise exception 'EVENT_NOT_FOUND';
  end if;

  for v_recipient in
    select distinct on (lower(p.email)) p.id, p.email, p.event_id
      from public.participants p
     where p.id = any (coalesce(p_participant_ids, '{}'))
     order by lower(p.email), p.registration_date, p.id
  loop
    perform private.enqueue_mail(
      'participant_message',
      v_recipient.email,
      jsonb_build_object(
        'subject', private.fill_message_placeholders(v_message.subject, v_recipient.id),
        'text', private.fill_message_placeholders(v_message.body, v_recipient.id)
      ),
      v_recipient.id
    );
    v_events := v_events || v_recipient.event_id;
    v_addresses := v_addresses || lower(v_recipient.email);
  end loop;

  for v_recipient in
    select distinct on (lower(w.email)) w.name, w.email, w.event_id
      from public.waitlist_entries w
     where w.event_id = p_waitlist_event_id
       and w.status in ('waiting', 'offered')
       and lower(w.email) <> all (v_addresses)
     order by lower(w.email), w.queue_no
  loop
    perform private.enqueue_mail(
      'participant_message',
      v_recipient.email,
      jsonb_build_object(
        'subject', private.fill_placeholders(v_message.subject, v_recipient.name, v_recipient.event_id),
        'text', private.fill_placeholders(v_message.body, v_recipient.name, v_recipient.event_id)
      ),
      null
    );
    v_events := v_events || v_recipient.event_id;
  end loop;
  v_count := cardinality(v_events);

  if v_count = 0 then
    raise exception 'INVALID_INPUT' using detail = 'recipients';
  end if;

  insert into public.participant_messages (event_id, subject, body, recipients, sent_by)
  select e.event_id, v_message.subject, v_message.body, count(*), (select auth.uid())
    from unnest(v_events) as e(event_id)
   group by e.event_id;
  return v_count;
end;
$$;

revoke all on function public.admin_send_message(uuid[], text, text, uuid) from public, anon;
grant execute on function public.admin_send_message(uuid[], text, text, uuid) to authenticated, service_role;
