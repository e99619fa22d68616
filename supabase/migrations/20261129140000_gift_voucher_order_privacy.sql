-- Issue 28: gift vouchers bought online (gift_voucher_orders) name the buyer and the recipient,
-- their addresses and a message. The privacy page promises retention, access and erasure for them
-- like for the staff-issued vouchers (20261129100000_gift_voucher_privacy.sql): the retention job
-- clears them after the books' ten years from the day of the order, the access export lists the
-- orders where the address is the buyer's or the recipient's, the erasure anonymises them. The
-- order's reference, amounts, state, payment and issued voucher stay (the books).

CREATE OR REPLACE FUNCTION private.apply_retention()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_vouchers integer;
  v_orders integer;
  v_now timestamptz := private.now();
  v_today date := private.today_in_zurich();
  v_days jsonb := (select jsonb_object_agg(r.key, r.keep_days) from public.retention_rules r);
  v_mails integer;
  v_enquiries integer;
  v_newsletter integer;
  v_waitlist integer;
  v_contacts integer;
  v_bookings integer;
  v_messages integer;
  v_bank integer;
begin
  -- Delivered mails lose content and address; kind, state, times and a hash of the recipient
  -- (to answer "did you write to me?") stay. A reminder keeps its event and date, which the
  -- reminder job reads to send each reminder once.
  update public.mail_outbox o
  set payload = jsonb_strip_nulls(jsonb_build_object(
        'anonymisiert', true,
        'recipientHash', private.token_hash(lower(btrim(coalesce(o.recipient, o.payload #>> '{participant,email}', '')))),
        'reminder', case when o.kind = 'event_reminder' then jsonb_build_object(
          'eventId', o.payload #>> '{reminder,eventId}', 'startDate', o.payload #>> '{reminder,startDate}') end)),
      recipient = null,
      subject = null,
      last_error = null
  where o.state = 'sent'
    and o.sent_at < v_now - make_interval(days => (v_days ->> 'mail_payload')::int)
    and not (o.payload ? 'anonymisiert');
  get diagnostics v_mails = row_count;

  update public.enquiries q
  set name = 'anonymisiert', email = private.anonymised_email(), subject = 'anonymisiert',
      message = 'anonymisiert', mail_error = null
  where q.handled_at < v_now - make_interval(days => (v_days ->> 'enquiry')::int)
    and q.email <> private.anonymised_email();
  get diagnostics v_enquiries = row_count;

  delete from public.newsletter_subscriptions s
  where s.status = 'pending'
    and s.created_at < v_now - make_interval(days => (v_days ->> 'newsletter_unconfirmed')::int);
  get diagnostics v_newsletter = row_count;

  delete from public.waitlist_entries w
  using public.events e
  where e.id = w.event_id
    and coalesce(e.end_date, e.start_date) + (v_days ->> 'waitlist')::int < v_today;
  get diagnostics v_waitlist = row_count;

  update public.participants p
  set email = private.anonymised_email(), phone = '000', notes = '', answers = '[]'::jsonb,
      contact_removed_at = v_now
  from public.events e
  where e.id = p.event_id
    and p.contact_removed_at is null
    and coalesce(e.end_date, e.start_date) + (v_days ->> 'participant_contact')::int < v_today;
  get diagnostics v_contacts = row_count;

  -- After the ten years of the books: the name goes too, and so do the names and notes the
  -- history and the payments hold about this booking. Rows stay (marked), amounts and dates stay.
  with done as (
    update public.participants p
    set name = 'anonymisiert', email = private.anonymised_email(), phone = '000', notes = '',
        answers = '[]'::jsonb, contact_removed_at = coalesce(p.contact_removed_at, v_now),
        anonymised_at = v_now
    from public.events e
    where e.id = p.event_id
      and p.anonymised_at is null
      and coalesce(e.end_date, e.start_date) + (v_days ->> 'bookkeeping')::int < v_today
    returning p.id
  ), history as (
    update public.booking_history h
    set actor_name = case when h.actor_name = '' then '' else 'anonymisiert' end,
        note = case when h.note = '' then '' else 'anonymisiert' end
    from done where h.participant_id = done.id
  ), pay as (
    update public.payments y
    set note = case when y.note = '' then '' else 'anonymisiert' end
    from done where y.participant_id = done.id
  ), refunds as (
    update public.refund_requests r
    set reason = case when r.reason = '' then '' else 'anonymisiert' end
    from done where r.participant_id = done.id
  )
  select count(*) into v_bookings from done;

  -- Messages to the participants of an event: subject and text (they may name people) go
  -- admin_message days after the event (or after sending, for a message without an event).
  update public.participant_messages m
  set subject = 'anonymisiert', body = 'anonymisiert'
  where m.subject <> 'anonymisiert'
    and coalesce(
          (select coalesce(e.end_date, e.start_date) from public.events e where e.id = m.event_id),
          (m.created_at at time zone 'Europe/Zurich')::date
        ) + (v_days ->> 'admin_message')::int < v_today;
  get diagnostics v_messages = row_count;

  -- Bank credits: who paid and what they wrote go after the ten years of the books, counted
  -- from the value date (the day of the payment; the import day if the file had none). Amount,
  -- dates, references and the assignment stay.
  update public.bank_entries b
  set debtor_name = case when b.debtor_name is null then null else 'anonymisiert' end,
      remittance = case when b.remittance is null then null else 'anonymisiert' end,
      note = case when b.note = '' then '' else 'anonymisiert' end
  where coalesce(b.value_date, (b.created_at at time zone 'Europe/Zurich')::date)
          + (v_days ->> 'bookkeeping')::int < v_today
    and (coalesce(b.debtor_name, 'anonymisiert') <> 'anonymisiert'
         or coalesce(b.remittance, 'anonymisiert') <> 'anonymisiert'
         or b.note not in ('', 'anonymisiert'));
  get diagnostics v_bank = row_count;

  -- Gift vouchers (issue 28): names, message, notes and the address it was mailed to go after the
  -- ten years of the books, counted from the voucher's last day. Code, amounts and uses stay.
  update public.gift_vouchers g
  set recipient_name = case when g.recipient_name = '' then '' else 'anonymisiert' end,
      message = case when g.message = '' then '' else 'anonymisiert' end,
      note = case when g.note = '' then '' else 'anonymisiert' end,
      void_reason = case when g.void_reason = '' then '' else 'anonymisiert' end,
      mailed_to = ''
  where g.valid_until + (v_days ->> 'bookkeeping')::int < v_today
    and (g.recipient_name not in ('', 'anonymisiert') or g.message not in ('', 'anonymisiert')
         or g.note not in ('', 'anonymisiert') or g.void_reason not in ('', 'anonymisiert') or g.mailed_to <> '');
  get diagnostics v_vouchers = row_count;

  -- Gift voucher orders (issue 28): buyer, recipient and message go after the ten years of the
  -- books, counted from the day of the order (paid or not: there is no shorter rule for unpaid
  -- things). Reference, amounts, state, payment and the issued voucher stay.
  update public.gift_voucher_orders o
  set buyer_name = 'anonymisiert', buyer_email = private.anonymised_email(),
      recipient_name = case when o.recipient_name = '' then '' else 'anonymisiert' end,
      recipient_email = null,
      message = case when o.message = '' then '' else 'anonymisiert' end
  where (o.created_at at time zone 'Europe/Zurich')::date + (v_days ->> 'bookkeeping')::int < v_today
    and (o.buyer_email <> private.anonymised_email() or o.recipient_name not in ('', 'anonymisiert')
         or o.recipient_email is not null or o.message not in ('', 'anonymisiert'));
  get diagnostics v_orders = row_count;

  return jsonb_build_object(
    'mails', v_mails, 'enquiries', v_enquiries, 'newsletter', v_newsletter,
    'waitlist', v_waitlist, 'participantContacts', v_contacts, 'bookings', v_bookings,
    'messages', v_messages, 'bankEntries', v_bank, 'giftVouchers', v_vouchers,
    'giftVoucherOrders', v_orders);
end;
$function$;

CREATE OR REPLACE FUNCTION public.admin_person_data(p_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_key text := private.email_key(p_email);
  v_bookings uuid[];
  v_rules jsonb;
begin
  perform private.require_admin();
  if v_key !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;

  select coalesce(array_agg(p.id), '{}') into v_bookings
  from public.participants p where private.email_key(p.email) = v_key;

  select jsonb_object_agg(r.key, jsonb_build_object('label', r.label, 'keepDays', r.keep_days, 'description', r.description))
  into v_rules from public.retention_rules r;

  return jsonb_build_object(
    'email', v_key,
    'generatedAt', private.now(),
    'rules', v_rules,
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'rule', 'participant_contact', 'bookkeepingRule', 'bookkeeping',
        'reference', p.reference, 'name', p.name, 'email', p.email, 'phone', p.phone, 'notes', p.notes,
        'answers', p.answers, 'persons', p.persons, 'status', p.status, 'paymentMethod', p.payment_method,
        'registeredAt', p.registration_date,
        'event', jsonb_build_object('title', e.title, 'startDate', e.start_date, 'endDate', e.end_date),
        'payments', coalesce((
          select jsonb_agg(jsonb_build_object('method', y.method, 'amountCents', y.amount_cents,
                   'currency', y.currency, 'state', y.state, 'at', y.created_at, 'note', y.note) order by y.created_at)
          from public.payments y where y.participant_id = p.id), '[]'),
        'receipts', coalesce((
          select jsonb_agg(jsonb_build_object('number', r.number, 'kind', r.kind, 'issuedOn', r.issued_on,
                   'amountCents', r.amount_cents, 'method', r.method, 'document', r.document) order by r.created_at)
          from public.receipts r where r.participant_id = p.id), '[]'),
        'history', coalesce((
          select jsonb_agg(jsonb_build_object('at', h.created_at, 'action', h.action, 'actor', h.actor,
                   'statusAfter', h.status_after, 'personsAfter', h.persons_after, 'note', h.note) order by h.created_at)
          from public.booking_history h where h.participant_id = p.id), '[]')
      ) order by p.registration_date)
      from public.participants p join public.events e on e.id = p.event_id
      where p.id = any(v_bookings)), '[]'),
    'waitingList', coalesce((
      select jsonb_agg(jsonb_build_object(
        'rule', 'waitlist', 'name', w.name, 'email', w.email, 'phone', w.phone, 'persons', w.persons,
        'answers', w.answers, 'status', w.status, 'createdAt', w.created_at,
        'event', jsonb_build_object('title', e.title, 'startDate', e.start_date)) order by w.created_at)
      from public.waitlist_entries w join public.events e on e.id = w.event_id
      where private.email_key(w.email) = v_key), '[]'),
    'enquiries', coalesce((
      select jsonb_agg(jsonb_build_object(
        'rule', 'enquiry', 'kind', q.kind, 'name', q.name, 'email', q.email, 'subject', q.subject,
        'message', q.message, 'createdAt', q.created_at, 'handledAt', q.handled_at) order by q.created_at)
      from public.enquiries q where private.email_key(q.email) = v_key), '[]'),
    'newsletter', coalesce((
      select jsonb_agg(jsonb_build_object(
        'rule', case when s.status = 'pending' then 'newsletter_unconfirmed' else 'newsletter_subscribed' end,
        'email', s.email, 'status', s.status, 'createdAt', s.created_at, 'updatedAt', s.updated_at))
      from public.newsletter_subscriptions s where private.email_key(s.email) = v_key), '[]'),
    'mails', coalesce((
      select jsonb_agg(jsonb_build_object(
        'rule', 'mail_payload', 'kind', o.kind, 'recipient', o.recipient, 'subject', o.subject,
        'state', o.state, 'createdAt', o.created_at, 'sentAt', o.sent_at, 'payload', o.payload) order by o.created_at)
      from public.mail_outbox o
      where private.email_key(o.recipient) = v_key
         or o.participant_id = any(v_bookings)), '[]'),
    -- Gift vouchers mailed to the address (issue 28): the address is all that names a person.
    'giftVouchers', coalesce((
      select jsonb_agg(jsonb_build_object(
        'rule', 'bookkeeping', 'code', g.code, 'kind', g.kind, 'title', g.title,
        'valueCents', g.value_cents, 'balanceCents', g.balance_cents, 'validUntil', g.valid_until,
        'recipientName', g.recipient_name, 'message', g.message, 'mailedTo', g.mailed_to,
        'mailOn', g.mail_on, 'createdAt', g.created_at) order by g.created_at)
      from public.gift_vouchers g where private.email_key(g.mailed_to) = v_key), '[]'),
    -- Gift vouchers bought online where the address is the buyer's or the recipient's (issue 28).
    'giftVoucherOrders', coalesce((
      select jsonb_agg(jsonb_build_object(
        'rule', 'bookkeeping', 'reference', o.reference, 'kind', o.kind, 'title', o.title,
        'valueCents', o.value_cents, 'state', o.state, 'paidMethod', o.paid_method, 'paidAt', o.paid_at,
        'buyerName', o.buyer_name, 'buyerEmail', o.buyer_email, 'recipientName', o.recipient_name,
        'recipientEmail', o.recipient_email, 'message', o.message, 'sendOn', o.send_on,
        'createdAt', o.created_at) order by o.created_at)
      from public.gift_voucher_orders o
      where private.email_key(o.buyer_email) = v_key or private.email_key(o.recipient_email) = v_key), '[]'),
    'adminInvitations', coalesce((
      select jsonb_agg(jsonb_build_object('rule', 'admin_account', 'email', i.email, 'createdAt', i.created_at))
      from public.admin_invitations i where private.email_key(i.email) = v_key), '[]')
  );
end;
$function$;

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
  n_vouchers integer;
  n_orders integer;
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

  -- 8. Gift vouchers mailed to the address: the address, the recipient's name and the message go;
  -- the voucher stays valid by its code (issue 28).
  update public.gift_vouchers g
     set mailed_to = '', recipient_name = case when g.recipient_name = '' then '' else 'anonymisiert' end,
         message = case when g.message = '' then '' else 'anonymisiert' end
   where private.email_key(g.mailed_to) = v_key;
  get diagnostics n_vouchers = row_count;

  -- 9. Gift vouchers bought online (issue 28): as buyer, the name and the address go; as recipient,
  -- the name and the address (null: a voucher not yet sent would go to the buyer). The message
  -- names both, so it goes either way. Reference, amounts, state and the voucher stay (the books).
  update public.gift_voucher_orders o
     set buyer_name = case when private.email_key(o.buyer_email) = v_key then 'anonymisiert' else o.buyer_name end,
         buyer_email = case when private.email_key(o.buyer_email) = v_key then private.anonymised_email()
                            else o.buyer_email end,
         recipient_name = case when private.email_key(o.recipient_email) = v_key and o.recipient_name <> ''
                               then 'anonymisiert' else o.recipient_name end,
         recipient_email = case when private.email_key(o.recipient_email) = v_key then null
                                else o.recipient_email end,
         message = case when o.message = '' then '' else 'anonymisiert' end
   where private.email_key(o.buyer_email) = v_key or private.email_key(o.recipient_email) = v_key;
  get diagnostics n_orders = row_count;

  v_counts := jsonb_build_object(
    'cancelledBookings', v_cancelled, 'bookings', n_participants, 'history', n_history,
    'payments', n_payments, 'refunds', n_refunds, 'bankEntries', n_bank, 'waitingList', n_waitlist,
    'enquiries', n_enquiries, 'newsletter', n_newsletter, 'mails', n_mails,
    'mailsKeptUntilSent', cardinality(v_kept), 'invitations', n_invitations, 'giftVouchers', n_vouchers,
    'giftVoucherOrders', n_orders);

  -- Asked again, nothing is left to change: no second log row.
  if v_cancelled + n_participants + n_history + n_payments + n_refunds + n_bank + n_waitlist
     + n_enquiries + n_newsletter + n_mails + n_invitations + n_vouchers + n_orders = 0 then
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

comment on function public.admin_erase_person(pg_catalog.text) is 'Erasure request: cancels the address''s future bookings through the state machine (mail delivered before it is emptied), anonymises bookings (kept for the books), history, payments'' and bank notes, deletes waiting-list entries and newsletter sign-ups (Mailchimp removal through the outbox), anonymises enquiries, mails, gift vouchers mailed to it and gift voucher orders it bought or received; one privacy_log row; idempotent. Admins only.';
