-- Receipts kept as issued (issue 29): every 'Zahlungsbestätigung' and 'Gutschrift' the outbox
-- attaches is also a row here, with the facts it prints. The mail's payload is emptied 30 days
-- after sending (retention rule mail_payload), the receipt is a business record kept under the
-- bookkeeping rule, and the visitor downloads it from the manage page (booking_receipts,
-- booking_receipt_document, edge function booking-receipt).

create table public.receipts (
  -- The number printed on the document: derived from the outbox row that sent it (stable across
  -- retries), so mail and download show the same number.
  number text primary key check (number ~ '^[0-9A-F]{10}$'),
  kind text not null check (kind in ('receipt', 'credit_note')),
  participant_id uuid not null references public.participants (id) on delete restrict,
  -- The mail that carried it; null for a credit note issued without a mail (the staff's
  -- cancellation mail already named the refund, or the contact is gone).
  mail_id uuid unique,
  issued_on date not null,
  amount_cents integer not null check (amount_cents > 0),
  -- Receipt: card, twint, invoice, onsite; credit note: stripe or transfer.
  method text,
  -- What the PDF prints besides the above: provider (name, address, VAT), booking reference,
  -- participant's name and e-mail, event title and dates (ReceiptFacts in
  -- supabase/functions/_shared/receipt.ts).
  document jsonb not null check (jsonb_typeof(document) = 'object'),
  created_at timestamptz not null default now()
);

create index receipts_participant_id_idx on public.receipts (participant_id);

alter table public.receipts enable row level security;

create policy "Admins read receipts" on public.receipts
  for select to authenticated using ((select public.is_admin()));

revoke all on public.receipts from anon, authenticated;
grant select on public.receipts to authenticated;

comment on table public.receipts is
  'Every receipt (Zahlungsbestätigung) and credit note (Gutschrift) as issued, with what it prints; written when the outbox attaches it, kept under the bookkeeping rule; visitors download theirs with the manage token.';

insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.receipts', 'document', 'Beleg wie ausgestellt: Name und E-Mail der buchenden Person, Anlass, Anbieter', 'bookkeeping');

-- Issues a receipt or credit note: the row, numbered from p_id (the outbox row that carries it,
-- so mail and download show the same number; or a fresh id when no mail goes out). Answers what
-- the mail's payload carries ({provider, number, issuedOn}), or null when the provider's address
-- is not entered (no document can name the issuer).
create or replace function private.issue_receipt(p_id uuid, p_kind text, p_participant_id uuid, p_mail_id uuid,
                                                 p_payload jsonb)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_provider jsonb := private.receipt_provider();
  v_number text := upper(left(replace(p_id::text, '-', ''), 10));
  v_issued date := private.today_in_zurich();
  v_money jsonb := coalesce(p_payload -> 'payment', p_payload -> 'refund');
begin
  if v_provider is null then
    return null;
  end if;
  insert into public.receipts (number, kind, participant_id, mail_id, issued_on, amount_cents, method, document)
  values (
    v_number, p_kind, p_participant_id, p_mail_id, v_issued,
    (v_money ->> 'amountCents')::integer,
    v_money ->> 'method',
    jsonb_build_object(
      'provider', v_provider,
      'bookingReference', p_payload -> 'participant' ->> 'reference',
      'participantName', p_payload -> 'participant' ->> 'name',
      'participantEmail', coalesce(p_payload -> 'participant' ->> 'email', ''),
      'eventTitle', p_payload -> 'event' ->> 'title',
      'startDate', p_payload -> 'event' ->> 'startDate',
      'endDate', p_payload -> 'event' ->> 'endDate'
    )
  );
  return jsonb_build_object('provider', v_provider, 'number', v_number, 'issuedOn', v_issued);
end;
$function$;

revoke all on function private.issue_receipt(uuid, text, uuid, uuid, jsonb) from public;

-- The outbox's receipt attachment, now also kept as a row (same number, same facts).
create or replace function private.mail_outbox_attach_receipt()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_receipt jsonb := private.issue_receipt(
    new.id,
    case new.kind when 'payment_receipt' then 'receipt' else 'credit_note' end,
    new.participant_id, new.id, new.payload);
begin
  if v_receipt is not null then
    -- The outbox row's id names the document: one mail, one receipt, stable across retries.
    new.payload := new.payload || jsonb_build_object('receipt', v_receipt);
  end if;
  return new;
end;
$function$;

-- Every refund gets its credit note. When no refund_issued mail goes out (the staff's
-- cancellation mail already named the amount, or the booking's contact is gone), the credit note
-- is issued without a mail, for the manage page's 'Belege' and the books.
create or replace function private.queue_refund_mail(p_request public.refund_requests)
 returns void
 language plpgsql
 set search_path to ''
as $function$
declare
  v_email text;
  v_payload jsonb;
begin
  select p.email into v_email from public.participants p where p.id = p_request.participant_id;
  v_payload := private.booking_mail_payload(p_request.participant_id)
    || jsonb_build_object('refund', jsonb_build_object(
      'amountCents', p_request.amount_cents,
      'method', case when p_request.kind = 'stripe_refund' then 'stripe' else 'transfer' end
    ));
  if not p_request.notify or v_email is null then
    perform private.issue_receipt(gen_random_uuid(), 'credit_note', p_request.participant_id, null, v_payload);
    return;
  end if;
  perform private.enqueue_mail('refund_issued', v_email, v_payload, p_request.participant_id);
end;
$function$;

-- A manual refund done at once (the staff's own refund or cancellation) issues its credit note
-- even when the staff's mail already named it; the rest of private.queue_refunds is unchanged.
CREATE OR REPLACE FUNCTION private.queue_refunds(p_participant_id uuid, p_amount_cents integer, p_reason text, p_change_id uuid DEFAULT NULL::uuid, p_manual_done boolean DEFAULT false, p_notify boolean DEFAULT true)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_left integer := coalesce(p_amount_cents, 0);
  v_payment record;
  v_part integer;
  v_kick boolean := false;
  v_request public.refund_requests%rowtype;
  v_user uuid := auth.uid();
begin
  if v_left <= 0 then
    return 0;
  end if;
  if v_left > (private.booking_money(p_participant_id)).balance_cents then
    raise exception 'AMOUNT_TOO_HIGH'
      using detail = (private.booking_money(p_participant_id)).balance_cents::text;
  end if;
  if v_user is not null and not exists (select 1 from auth.users u where u.id = v_user) then
    v_user := null;
  end if;
  for v_payment in
    select y.id, y.method, y.provider_reference,
           y.amount_cents - coalesce((
             select sum(r.amount_cents)::integer from public.refund_requests r
              where r.payment_id = y.id and r.kind <> 'expire_checkout' and r.state <> 'failed'
           ), 0) as refundable
      from public.payments y
     where y.participant_id = p_participant_id and y.state = 'succeeded'
     order by y.created_at desc, y.id
  loop
    exit when v_left <= 0;
    continue when v_payment.refundable <= 0;
    v_part := least(v_left, v_payment.refundable);
    if v_payment.method in ('card', 'twint') and v_payment.provider_reference like 'pi\_%' then
      insert into public.refund_requests (participant_id, booking_change_id, kind, amount_cents,
        payment_intent_id, payment_id, reason, created_by, notify)
      values (p_participant_id, p_change_id, 'stripe_refund', v_part, v_payment.provider_reference,
        v_payment.id, coalesce(p_reason, ''), v_user, p_notify);
      v_kick := true;
    else
      insert into public.refund_requests (participant_id, booking_change_id, kind, amount_cents,
        payment_id, reason, created_by, notify, state, done_at)
      values (p_participant_id, p_change_id, 'manual_refund', v_part, v_payment.id,
        coalesce(p_reason, ''), v_user, p_notify,
        case when p_manual_done then 'done' else 'queued' end,
        case when p_manual_done then now() end)
      returning * into v_request;
      -- Done at once: its credit note now (queue_refund_mail mails it only when p_notify).
      if p_manual_done then
        perform private.queue_refund_mail(v_request);
      end if;
    end if;
    -- One booking change has one refund request (the unique key): a second payment's part goes
    -- without the link.
    p_change_id := null;
    v_left := v_left - v_part;
  end loop;
  if v_kick then
    perform private.kick_edge_function('process-refunds');
  end if;
  return coalesce(p_amount_cents, 0) - v_left;
end;
$function$;

-- The admin's refund through Stripe (edge function refund-payment) tells the visitor and issues
-- the credit note like every other finished refund; the rest of public.record_refund is unchanged.
CREATE OR REPLACE FUNCTION public.record_refund(p_participant_id uuid, p_refund_id text)
 RETURNS public.participants
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_participant public.participants%rowtype;
  v_payment public.payments%rowtype;
  v_balance integer;
  v_request public.refund_requests%rowtype;
  v_finished boolean := false;
begin
  v_participant := private.lock_booking(p_participant_id);
  if exists (select 1 from public.refund_requests r
              where r.participant_id = p_participant_id and r.refund_id = p_refund_id) then
    return v_participant;
  end if;
  v_balance := (private.booking_money(p_participant_id)).balance_cents;
  select * into v_payment from public.payments y
   where y.participant_id = p_participant_id and y.state = 'succeeded' and y.provider_reference like 'pi\_%'
   order by y.created_at desc limit 1;
  if v_balance <= 0 or v_payment.id is null then
    raise exception 'NOT_REFUNDABLE' using detail = v_participant.status;
  end if;
  -- Queued Stripe refunds of this booking were what refund-payment just did.
  -- Each finished refund tells the visitor (unless a staff mail already did) and gets its credit
  -- note, as when process-refunds finishes it (private.finish_refund_request).
  for v_request in
    update public.refund_requests r
       set state = 'done', done_at = now(), refund_id = p_refund_id, locked_until = null
     where r.participant_id = p_participant_id and r.kind = 'stripe_refund' and r.state in ('queued', 'failed')
    returning r.*
  loop
    v_finished := true;
    perform private.queue_refund_mail(v_request);
  end loop;
  if not v_finished then
    -- As admin_refund: on a booking that stays, what goes back beyond its excess is a concession.
    if private.holds_seats(v_participant.status) then
      update public.participants p
         set discount_cents = p.discount_cents
           + greatest(v_balance - (private.booking_money(p_participant_id)).excess_cents, 0)
       where p.id = p_participant_id;
    end if;
    insert into public.refund_requests (participant_id, kind, amount_cents, payment_intent_id, payment_id,
      refund_id, state, done_at, reason, created_by)
    values (p_participant_id, 'stripe_refund', v_balance, v_payment.provider_reference, v_payment.id,
      p_refund_id, 'done', now(), 'Rückerstattung durch das Team',
      (select u.id from auth.users u where u.id = auth.uid()))
    returning * into v_request;
    perform private.queue_refund_mail(v_request);
  end if;
  perform private.write_history(p_participant_id, v_participant, 'refunded', 'admin', v_balance);
  return v_participant;
end;
$function$;

-- A receipt prints the person as the booking had them; when retention or erasure removes the
-- contact (contact_removed_at) or the name (anonymised_at) from the booking, the receipts follow:
-- the amounts, dates, numbers and the provider stay for the books.
create or replace function private.receipts_follow_anonymisation()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  update public.receipts r
     set document = r.document
       || jsonb_build_object('participantEmail', '')
       || case when new.anonymised_at is not null
               then jsonb_build_object('participantName', 'anonymisiert') else '{}'::jsonb end
   where r.participant_id = new.id;
  return null;
end;
$function$;

revoke all on function private.receipts_follow_anonymisation() from public;

create trigger participants_receipts_anonymised
  after update of contact_removed_at, anonymised_at on public.participants
  for each row
  when ((old.contact_removed_at is null and new.contact_removed_at is not null)
     or (old.anonymised_at is null and new.anonymised_at is not null))
  execute function private.receipts_follow_anonymisation();

-- The manage page's list of the booking's receipts (newest first); null when the token fails.
create or replace function public.booking_receipts(p_reference text, p_token text)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_check record;
begin
  select * into v_check from private.manage_token_check(p_reference, p_token);
  if not found or v_check.expired then
    return null;
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'number', r.number, 'kind', r.kind, 'issuedOn', r.issued_on, 'amountCents', r.amount_cents
    ) order by r.created_at desc, r.number)
    from public.receipts r where r.participant_id = v_check.participant_id
  ), '[]'::jsonb);
end;
$function$;

-- One receipt's facts for the PDF (edge function booking-receipt), only to the booking's token.
create or replace function public.booking_receipt_document(p_reference text, p_token text, p_number text)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_check record;
  v_receipt public.receipts%rowtype;
begin
  select * into v_check from private.manage_token_check(p_reference, p_token);
  if not found or v_check.expired then
    return null;
  end if;
  select * into v_receipt from public.receipts r
   where r.number = upper(p_number) and r.participant_id = v_check.participant_id;
  if not found then
    return null;
  end if;
  return v_receipt.document || jsonb_build_object(
    'kind', v_receipt.kind, 'number', v_receipt.number, 'issuedOn', v_receipt.issued_on,
    'amountCents', v_receipt.amount_cents, 'method', v_receipt.method
  );
end;
$function$;

revoke all on function public.booking_receipts(text, text) from public;
revoke all on function public.booking_receipt_document(text, text, text) from public;
grant execute on function public.booking_receipts(text, text) to anon, authenticated, service_role;
grant execute on function public.booking_receipt_document(text, text, text) to anon, authenticated, service_role;

comment on function public.booking_receipts(text, text) is
  'The receipts and credit notes of the booking the manage token opens (number, kind, issued on, amount); null for a wrong or expired token.';
comment on function public.booking_receipt_document(text, text, text) is
  'What one receipt of the booking the manage token opens prints (edge function booking-receipt renders the PDF); null for a wrong token or another booking''s receipt.';
