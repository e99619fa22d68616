-- Messages to participants (issue 16, the participants list's 'E-Mail' button): the admin writes
-- a subject and a text with placeholders, previews it for one recipient, and sends it through
-- the outbox, one mail per person (no visible address lists). Each send is logged per event.

create table public.participant_messages (
  id uuid primary key default gen_random_uuid(),
  event_id uuid references public.events (id) on delete cascade,
  subject text not null,
  body text not null,
  recipients integer not null,
  sent_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint participant_messages_subject_check check (char_length(subject) between 1 and 300),
  constraint participant_messages_body_check check (char_length(body) between 1 and 10000),
  constraint participant_messages_recipients_check check (recipients >= 1)
);

comment on table public.participant_messages is
  'Log of the admin''s messages to participants: per event, what was sent when to how many.';

create index participant_messages_event_id_idx on public.participant_messages (event_id, created_at desc);
create index participant_messages_sent_by_idx on public.participant_messages (sent_by);

create trigger participant_messages_set_updated_at before update on public.participant_messages
  for each row execute function private.set_updated_at();

alter table public.participant_messages enable row level security;
revoke all on public.participant_messages from anon, authenticated;
grant select on public.participant_messages to authenticated;
grant select, insert, update, delete on public.participant_messages to service_role;

create policy "Admins read the message log"
  on public.participant_messages for select
  to authenticated
  using ((select public.is_admin()));

-- The placeholders {name}, {event}, {datum} (dd.MM.yyyy, or the end too for several days) and
-- {ort}, filled for one registration. One place for the preview and the mails.
create or replace function private.fill_message_placeholders(p_text text, p_participant_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select replace(replace(replace(replace(coalesce(p_text, ''),
    '{name}', p.name),
    '{event}', e.title),
    '{datum}', coalesce(
      to_char(e.start_date, 'DD.MM.YYYY')
        || case when e.end_date is not null and e.end_date <> e.start_date
             then ' – ' || to_char(e.end_date, 'DD.MM.YYYY') else '' end,
      '')),
    '{ort}', e.location)
  from public.participants p
  join public.events e on e.id = p.event_id
  where p.id = p_participant_id
$$;

revoke all on function private.fill_message_placeholders(text, uuid) from public;

create or replace function private.checked_message(p_subject text, p_body text, out subject text, out body text)
language plpgsql
immutable
set search_path = ''
as $$
begin
  subject := btrim(coalesce(p_subject, ''));
  body := btrim(coalesce(p_body, ''));
  if subject = '' or char_length(subject) > 300 then
    raise exception 'INVALID_INPUT' using detail = 'subject';
  end if;
  if body = '' or char_length(body) > 10000 then
    raise exception 'INVALID_INPUT' using detail = 'body';
  end if;
end;
$$;

revoke all on function private.checked_message(text, text) from public;

-- What one recipient would receive: {subject, body}; null for an unknown participant.
create or replace function public.admin_preview_message(p_participant_id uuid, p_subject text, p_body text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_message record;
begin
  perform private.require_admin();
  select * into v_message from private.checked_message(p_subject, p_body);
  if not exists (select 1 from public.participants p where p.id = p_participant_id) then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  return jsonb_build_object(
    'subject', private.fill_message_placeholders(v_message.subject, p_participant_id),
    'body', private.fill_message_placeholders(v_message.body, p_participant_id)
  );
end;
$$;

-- Queues one mail per person (the first registration of each e-mail address among the given
-- ones; unknown ids are skipped) and logs the send per event. Returns the number of mails.
create or replace function public.admin_send_message(p_participant_ids uuid[], p_subject text, p_body text)
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
  v_count integer;
begin
  perform private.require_admin();
  select * into v_message from private.checked_message(p_subject, p_body);
  if coalesce(cardinality(p_participant_ids), 0) = 0 or cardinality(p_participant_ids) > 2000 then
    raise exception 'INVALID_INPUT' using detail = 'recipients';
  end if;

  for v_recipient in
    select distinct on (lower(p.email)) p.id, p.email, p.event_id
      from public.participants p
     where p.id = any (p_participant_ids)
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
  end loop;
  v_count := coalesce(cardinality(v_events), 0);

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

revoke all on function public.admin_preview_message(uuid, text, text) from public, anon;
revoke all on function public.admin_send_message(uuid[], text, text) from public, anon;
grant execute on function public.admin_preview_message(uuid, text, text) to authenticated, service_role;
grant execute on function public.admin_send_message(uuid[], text, text) to authenticated, service_role;
