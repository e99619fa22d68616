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
  mail_id uuid not null unique,
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

-- The outbox's receipt attachment, now also kept as a row (same number, same facts).
create or replace function private.mail_outbox_attach_receipt()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_provider jsonb := private.receipt_provider();
  v_number text := upper(left(replace(new.id::text, '-', ''), 10));
  v_issued date := private.today_in_zurich();
  v_money jsonb := coalesce(new.payload -> 'payment', new.payload -> 'refund');
begin
  if v_provider is not null then
    new.payload := new.payload || jsonb_build_object('receipt', jsonb_build_object(
      'provider', v_provider,
      -- The outbox row's id names the document: one mail, one receipt, stable across retries.
      'number', v_number,
      'issuedOn', v_issued
    ));
    insert into public.receipts (number, kind, participant_id, mail_id, issued_on, amount_cents, method, document)
    values (
      v_number,
      case new.kind when 'payment_receipt' then 'receipt' else 'credit_note' end,
      new.participant_id,
      new.id,
      v_issued,
      (v_money ->> 'amountCents')::integer,
      v_money ->> 'method',
      jsonb_build_object(
        'provider', v_provider,
        'bookingReference', new.payload -> 'participant' ->> 'reference',
        'participantName', new.payload -> 'participant' ->> 'name',
        'participantEmail', new.payload -> 'participant' ->> 'email',
        'eventTitle', new.payload -> 'event' ->> 'title',
        'startDate', new.payload -> 'event' ->> 'startDate',
        'endDate', new.payload -> 'event' ->> 'endDate'
      )
    );
  end if;
  return new;
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
