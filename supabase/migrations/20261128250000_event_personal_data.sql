-- Issue 30: 'Personendaten entfernen' on the event, as pretix's shredder: the admin downloads the
-- event's personal data first (admin_event_personal_data, read-only), then removes it
-- (admin_shred_event, which returns the same export). The 60-day rule is one function both read.

CREATE OR REPLACE FUNCTION private.event_shreddable_from(p_event public.events)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- 60 days after the event's last day; null for an event without a date.
  select coalesce(p_event.end_date, p_event.start_date) + 60
$function$;

CREATE OR REPLACE FUNCTION private.event_personal_data(p_event_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  e public.events%rowtype;
begin
  select * into e from public.events ev where ev.id = p_event_id;
  return jsonb_build_object(
    'event', jsonb_build_object('id', e.id, 'title', e.title, 'startDate', e.start_date,
                                'endDate', e.end_date),
    'generatedAt', private.now(),
    'shreddableFrom', private.event_shreddable_from(e),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'reference', p.reference, 'name', p.name, 'email', p.email, 'phone', p.phone, 'notes', p.notes,
        'answers', p.answers, 'persons', p.persons, 'status', p.status, 'registeredAt', p.registration_date)
        order by p.registration_date)
      from public.participants p where p.event_id = p_event_id), '[]'),
    'waitingList', coalesce((
      select jsonb_agg(jsonb_build_object('name', w.name, 'email', w.email, 'phone', w.phone,
        'persons', w.persons, 'answers', w.answers, 'status', w.status, 'createdAt', w.created_at)
        order by w.created_at)
      from public.waitlist_entries w where w.event_id = p_event_id), '[]'),
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object('subject', m.subject, 'body', m.body, 'createdAt', m.created_at)
        order by m.created_at)
      from public.participant_messages m where m.event_id = p_event_id and m.subject <> 'anonymisiert'), '[]'));

end;
$function$;

CREATE OR REPLACE FUNCTION public.admin_event_personal_data(p_event_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_admin();
  if not exists (select 1 from public.events e where e.id = p_event_id) then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  return private.event_personal_data(p_event_id);
end;
$function$;

revoke all on function private.event_shreddable_from(public.events) from public;
revoke all on function private.event_personal_data(uuid) from public;
revoke all on function public.admin_event_personal_data(uuid) from anon, public;
comment on function public.admin_event_personal_data(uuid) is 'The personal data of an event''s bookings, waiting list and messages (admins), read-only: the export downloaded before admin_shred_event removes it.';

CREATE OR REPLACE FUNCTION public.admin_shred_event(p_event_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_event public.events%rowtype;
  v_now timestamptz := private.now();
  v_bookings uuid[];
  v_keys text[];
  v_export jsonb;
  v_counts jsonb;
  n_participants integer;
  n_history integer;
  n_payments integer;
  n_refunds integer;
  n_bank integer;
  n_waitlist integer;
  n_mails integer;
  n_messages integer;
begin
  perform private.require_admin();
  select * into v_event from public.events e where e.id = p_event_id for no key update;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  if not coalesce(private.event_shreddable_from(v_event) <= private.today_in_zurich(), false) then
    raise exception 'EVENT_NOT_OVER';
  end if;

  select coalesce(array_agg(p.id), '{}'), coalesce(array_agg(distinct private.email_key(p.email)), '{}')
    into v_bookings, v_keys
    from public.participants p where p.event_id = p_event_id;
  v_keys := v_keys || coalesce((select array_agg(distinct private.email_key(w.email))
                                  from public.waitlist_entries w where w.event_id = p_event_id), '{}');

  -- The export first: what is about to go, as it is now (the same the admin downloaded).
  v_export := private.event_personal_data(p_event_id);

  update public.participants p
     set name = 'anonymisiert', email = private.anonymised_email(), phone = '000', notes = '',
         answers = '[]'::jsonb, contact_removed_at = coalesce(p.contact_removed_at, v_now),
         anonymised_at = coalesce(p.anonymised_at, v_now)
   where p.id = any(v_bookings) and p.anonymised_at is null;
  get diagnostics n_participants = row_count;

  update public.booking_history h
     set actor_name = case when h.actor_name = '' then '' else 'anonymisiert' end,
         note = case when h.note = '' then '' else 'anonymisiert' end
   where h.participant_id = any(v_bookings)
     and (h.actor_name not in ('', 'anonymisiert') or h.note not in ('', 'anonymisiert'));
  get diagnostics n_history = row_count;

  update public.payments y set note = 'anonymisiert'
   where y.participant_id = any(v_bookings) and y.note not in ('', 'anonymisiert');
  get diagnostics n_payments = row_count;

  update public.refund_requests r set reason = 'anonymisiert', last_error = null
   where r.participant_id = any(v_bookings) and r.reason not in ('', 'anonymisiert');
  get diagnostics n_refunds = row_count;

  update public.bank_entries b
     set debtor_name = case when b.debtor_name is null then null else 'anonymisiert' end,
         remittance = case when b.remittance is null then null else 'anonymisiert' end,
         note = case when b.note = '' then '' else 'anonymisiert' end
   where b.participant_id = any(v_bookings)
     and (coalesce(b.debtor_name, 'anonymisiert') <> 'anonymisiert'
          or coalesce(b.remittance, 'anonymisiert') <> 'anonymisiert'
          or b.note not in ('', 'anonymisiert'));
  get diagnostics n_bank = row_count;

  -- The event's mails: those of its bookings, and those to its people that name the event
  -- (notices, waiting-list mails). Unsent ones of a long-past event are not sent any more.
  update public.mail_outbox o
     set payload = private.scrubbed_mail_payload(o),
         recipient = null, subject = null, last_error = null,
         state = case when o.state in ('queued', 'sending') then 'failed' else o.state end,
         locked_until = null
   where not (o.payload ? 'anonymisiert' and o.recipient is null)
     and (o.participant_id = any(v_bookings)
          or (private.email_key(o.recipient) = any(v_keys)
              and exists (select 1 from private.jsonb_strings(o.payload) s where s = p_event_id::text)));
  get diagnostics n_mails = row_count;

  delete from public.waitlist_entries w where w.event_id = p_event_id;
  get diagnostics n_waitlist = row_count;

  update public.participant_messages m set subject = 'anonymisiert', body = 'anonymisiert'
   where m.event_id = p_event_id and m.subject <> 'anonymisiert';
  get diagnostics n_messages = row_count;

  v_counts := jsonb_build_object(
    'bookings', n_participants, 'history', n_history, 'payments', n_payments, 'refunds', n_refunds,
    'bankEntries', n_bank, 'waitingList', n_waitlist, 'mails', n_mails, 'messages', n_messages);
  if n_participants + n_history + n_payments + n_refunds + n_bank + n_waitlist + n_mails + n_messages > 0 then
    insert into public.privacy_log (action, actor_user_id, event_id, counts)
    values ('event_shredded', auth.uid(), p_event_id, v_counts);
  end if;
  return jsonb_build_object('export', v_export, 'counts', v_counts);
end;
$function$;
