-- Issue 30: an erasure request also removes the person's open admin invitations
-- (public.admin_invitations, already on the personal-data map), counted as 'invitations'.

CREATE OR REPLACE FUNCTION public.admin_erase_person(p_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_key text := private.email_key(p_email);
  v_today date := private.today_in_zurich();
  v_now timestamptz := private.now();
  v_bookings uuid[];
  v_enquiries uuid[];
  v_id uuid;
  v_kept uuid[] := '{}';
  v_cancelled integer := 0;
  v_counts jsonb;
  n_participants integer;
  n_history integer;
  n_payments integer;
  n_refunds integer;
  n_bank integer;
  n_waitlist integer;
  n_enquiries integer;
  n_newsletter integer;
  n_mails integer;
  n_invitations integer;
begin
  perform private.require_admin();
  if v_key !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or v_key = private.anonymised_email() then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;

  -- 1. Future bookings are cancelled through the state machine (refund of what was paid, history
  -- row, the usual booking_cancelled mail), while the address is still there for that mail.
  for v_id in
    select p.id from public.participants p join public.events e on e.id = p.event_id
     where private.email_key(p.email) = v_key
       and private.holds_seats(p.status)
       and coalesce(e.end_date, e.start_date) >= v_today
     order by p.event_id, p.id
  loop
    perform public.admin_cancel_booking(v_id, null, 'Löschung auf Wunsch der Person');
    v_cancelled := v_cancelled + 1;
  end loop;

  -- Those cancellation mails are delivered first, then emptied (trigger mail_outbox_erase_after_send).
  with kept as (
    update public.mail_outbox o set erase_after_send = true
     where o.kind = 'booking_cancelled' and o.state in ('queued', 'sending')
       and private.email_key(o.recipient) = v_key
       and o.created_at = now()
    returning o.id
  )
  select coalesce(array_agg(id), '{}') into v_kept from kept;

  select coalesce(array_agg(p.id), '{}') into v_bookings
    from public.participants p where private.email_key(p.email) = v_key;
  select coalesce(array_agg(q.id), '{}') into v_enquiries
    from public.enquiries q where private.email_key(q.email) = v_key;

  -- 2. Every other mail to, about or naming the address loses its content now; a mail not yet sent
  -- will not be sent (its content is gone).
  update public.mail_outbox o
     set payload = private.scrubbed_mail_payload(o),
         recipient = null, subject = null, last_error = null,
         state = case when o.state in ('queued', 'sending') then 'failed' else o.state end,
         locked_until = null
   where not o.erase_after_send
     and not (o.payload ? 'anonymisiert' and o.recipient is null)
     and (private.email_key(o.recipient) = v_key
          or o.participant_id = any(v_bookings)
          or o.enquiry_id = any(v_enquiries)
          or exists (select 1 from private.jsonb_strings(o.payload) s where private.email_key(s) = v_key));
  get diagnostics n_mails = row_count;

  -- 3. Bookings keep reference, persons, amounts, dates, status and payment rows; the person goes.
  update public.participants p
     set name = 'anonymisiert', email = private.anonymised_email(), phone = '000', notes = '',
         answers = '[]'::jsonb, contact_removed_at = coalesce(p.contact_removed_at, v_now),
         anonymised_at = coalesce(p.anonymised_at, v_now)
   where p.id = any(v_bookings);
  get diagnostics n_participants = row_count;

  update public.booking_history h
     set actor_name = case when h.actor_name = '' then '' else 'anonymisiert' end,
         note = case when h.note = '' then '' else 'anonymisiert' end
   where h.participant_id = any(v_bookings) and (h.actor_name not in ('', 'anonymisiert') or h.note not in ('', 'anonymisiert'));
  get diagnostics n_history = row_count;

  update public.payments y set note = 'anonymisiert'
   where y.participant_id = any(v_bookings) and y.note not in ('', 'anonymisiert');
  get diagnostics n_payments = row_count;

  update public.refund_requests r set reason = 'anonymisiert', last_error = null
   where r.participant_id = any(v_bookings) and r.reason not in ('', 'anonymisiert');
  get diagnostics n_refunds = row_count;

  -- Bank credits assigned to these bookings: amounts, dates and references stay; who paid and
  -- what they wrote go.
  update public.bank_entries b
     set debtor_name = case when b.debtor_name is null then null else 'anonymisiert' end,
         remittance = case when b.remittance is null then null else 'anonymisiert' end,
         note = case when b.note = '' then '' else 'anonymisiert' end
   where b.participant_id = any(v_bookings)
     and (coalesce(b.debtor_name, 'anonymisiert') <> 'anonymisiert'
          or coalesce(b.remittance, 'anonymisiert') <> 'anonymisiert'
          or b.note not in ('', 'anonymisiert'));
  get diagnostics n_bank = row_count;

  -- 4. Waiting list: an open entry is ended the usual way (a held offer goes to the next), then
  -- every entry of the address is deleted.
  for v_id in
    select w.id from public.waitlist_entries w
     where private.email_key(w.email) = v_key and w.status in ('waiting', 'offered')
     order by w.event_id, w.id
  loop
    perform public.admin_remove_waitlist_entry(v_id);
  end loop;
  delete from public.waitlist_entries w where private.email_key(w.email) = v_key;
  get diagnostics n_waitlist = row_count;

  -- 5. Enquiries are anonymised (kept as a count of what was asked when).
  update public.enquiries q
     set name = 'anonymisiert', email = private.anonymised_email(), subject = 'anonymisiert',
         message = 'anonymisiert', mail_error = null
   where q.id = any(v_enquiries);
  get diagnostics n_enquiries = row_count;

  -- 6. Newsletter: the sign-up is deleted; if it reached Mailchimp, Mailchimp forgets it too.
  with gone as (
    delete from public.newsletter_subscriptions s where private.email_key(s.email) = v_key
    returning s.email, s.sync_status
  ), removal as (
    insert into public.mail_outbox (kind, recipient, payload)
    select 'newsletter_removal', null, jsonb_build_object('subscriberHash', md5(private.email_key(g.email)))
      from gone g where g.sync_status = 'synced'
  )
  select count(*) into n_newsletter from gone;

  -- 7. Open invitations into the administration name the address too (an accepted one is gone
  -- already; an admin account itself is removed in 'Benutzer').
  delete from public.admin_invitations i where private.email_key(i.email) = v_key;
  get diagnostics n_invitations = row_count;

  v_counts := jsonb_build_object(
    'cancelledBookings', v_cancelled, 'bookings', n_participants, 'history', n_history,
    'payments', n_payments, 'refunds', n_refunds, 'bankEntries', n_bank, 'waitingList', n_waitlist,
    'enquiries', n_enquiries, 'newsletter', n_newsletter, 'mails', n_mails,
    'mailsKeptUntilSent', cardinality(v_kept), 'invitations', n_invitations);

  -- Asked again, nothing is left to change: no second log row.
  if v_cancelled + n_participants + n_history + n_payments + n_refunds + n_bank + n_waitlist
     + n_enquiries + n_newsletter + n_mails + n_invitations = 0 then
    return jsonb_build_object('erased', false, 'counts', v_counts);
  end if;
  insert into public.privacy_log (action, actor_user_id, counts)
  values ('person_erased', auth.uid(), v_counts);
  if n_newsletter > 0 then
    perform private.kick_outbox();
  end if;
  return jsonb_build_object('erased', true, 'counts', v_counts);
end;
$function$;
