-- The access export (issue 30) lists each booking's receipts and credit notes as issued
-- (public.receipts, 20261128330000): they print the person's name and e-mail. The rest of
-- public.admin_person_data is unchanged.
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
    'adminInvitations', coalesce((
      select jsonb_agg(jsonb_build_object('rule', 'admin_account', 'email', i.email, 'createdAt', i.created_at))
      from public.admin_invitations i where private.email_key(i.email) = v_key), '[]')
  );
end;
$function$;
