-- Issue 29: QR-bill payments from the bank's camt.054 / camt.053 file.
--
-- The admin area reads the file (src/features/admin-payments/lib/camt.ts) and hands its entries to
-- public.admin_import_bank_entries, which in one transaction matches each credit by its QR (or
-- RF creditor) reference and records the payment through the booking state machine (payment row
-- method 'invoice' with the bank's reference and the value date, history row, receipt mail).
-- Every entry is stored once, keyed by the bank's reference (AcctSvcrRef): importing the same or
-- an overlapping file records nothing new. Entries without a booking wait as 'Nicht zugeordnet'
-- for public.admin_assign_bank_entry. The file itself is kept in the private bucket 'bank-files'.

-- -------------------------------------------------------------------------------------------------
-- Tables
-- -------------------------------------------------------------------------------------------------

create table public.bank_imports (
  id uuid primary key default gen_random_uuid(),
  file_name text not null check (char_length(btrim(file_name)) between 1 and 255),
  -- Path in the 'bank-files' bucket; null when the file could not be stored (the entries count).
  storage_path text check (char_length(storage_path) between 1 and 500),
  format text not null check (format in ('camt.054.001.08', 'camt.053.001.08')),
  message_id text not null default '' check (char_length(message_id) <= 100),
  summary jsonb not null default '{}'::jsonb,
  imported_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.bank_imports is 'One imported camt.054/camt.053 file: name, where it is kept (bucket bank-files), the summary; see docs/data-model.md "Bank import".';

create table public.bank_entries (
  id uuid primary key default gen_random_uuid(),
  import_id uuid not null references public.bank_imports (id) on delete restrict,
  entry_reference text not null check (char_length(entry_reference) between 1 and 200),
  kind text not null check (kind in ('credit', 'return', 'foreign')),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  value_date date,
  reference text check (char_length(reference) <= 140),
  remittance text check (char_length(remittance) <= 1000),
  debtor_name text check (char_length(debtor_name) <= 200),
  -- matched / partial / over: recorded as a payment of participant_id; unassigned: 'Nicht
  -- zugeordnet', waits for the admin; foreign (not CHF) and return: never a payment.
  outcome text not null check (outcome in ('matched', 'partial', 'over', 'unassigned', 'foreign', 'return')),
  note text not null default '' check (char_length(note) <= 500),
  participant_id uuid references public.participants (id) on delete set null,
  payment_id uuid references public.payments (id) on delete set null,
  assigned_by uuid references auth.users (id) on delete set null,
  assigned_at timestamptz,
  created_at timestamptz not null default now(),
  constraint bank_entries_entry_reference_key unique (entry_reference),
  -- Only a recorded outcome points at a payment (a payment removed with its booking leaves null).
  constraint bank_entries_recorded_check check (payment_id is null or outcome in ('matched', 'partial', 'over'))
);

comment on table public.bank_entries is 'Every transaction of an imported bank file, once (unique bank reference): what became of it; see docs/data-model.md "Bank import".';

create index bank_entries_import_id_idx on public.bank_entries (import_id);
create index bank_entries_participant_id_idx on public.bank_entries (participant_id);
create index bank_entries_payment_id_idx on public.bank_entries (payment_id);
create index bank_entries_unassigned_idx on public.bank_entries (created_at desc) where outcome = 'unassigned';
create index bank_imports_imported_by_idx on public.bank_imports (imported_by);
create index bank_entries_assigned_by_idx on public.bank_entries (assigned_by);

-- The value date the bank credited an invoice payment on (null for card, TWINT, on site).
alter table public.payments add column value_date date;
comment on column public.payments.value_date is 'Bank import: the value date of the credit (camt ValDt); provider_reference holds the bank''s reference.';

alter table public.bank_imports enable row level security;
alter table public.bank_entries enable row level security;

create policy "Admins read bank imports" on public.bank_imports for select to authenticated
  using ((select public.is_admin()));
create policy "Admins read bank entries" on public.bank_entries for select to authenticated
  using ((select public.is_admin()));

revoke all on table public.bank_imports from anon, authenticated, service_role;
revoke all on table public.bank_entries from anon, authenticated, service_role;
grant select on table public.bank_imports to authenticated, service_role;
grant select on table public.bank_entries to authenticated, service_role;

-- -------------------------------------------------------------------------------------------------
-- The private bucket for the files (audit trail): admins upload and read, nobody replaces/deletes.
-- -------------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('bank-files', 'bank-files', false, '10485760', array['application/xml', 'text/xml'])
on conflict (id) do nothing;

create policy "Admins upload bank files" on storage.objects for insert to authenticated
  with check (bucket_id = 'bank-files' and (select public.is_admin()));
create policy "Admins read bank files" on storage.objects for select to authenticated
  using (bucket_id = 'bank-files' and (select public.is_admin()));

-- -------------------------------------------------------------------------------------------------
-- Functions
-- -------------------------------------------------------------------------------------------------

-- Records one bank credit as an invoice payment of a booking, through the state machine's steps
-- (lock event then booking, payment row, held -> confirmed, history, receipt). Unlike
-- admin_record_payment it takes more than is open: the bank has the money already; the excess
-- shows in booking_money and the admin decides on a refund. Answers matched / partial / over,
-- or null when the booking holds no seats (cancelled, expired: the entry stays unassigned).
create function private.record_bank_payment(p_participant_id uuid, p_entry public.bank_entries)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before public.participants%rowtype;
  v_participant public.participants%rowtype;
  v_open integer;
  v_payment_id uuid;
  v_note text;
begin
  v_before := private.lock_booking(p_participant_id);
  if not private.holds_seats(v_before.status) then
    return null;
  end if;
  v_open := (private.booking_money(p_participant_id)).open_cents;
  v_note := format('Bankdatei: Referenz %s, Valuta %s%s', p_entry.entry_reference,
    coalesce(to_char(p_entry.value_date, 'DD.MM.YYYY'), '-'),
    case when coalesce(p_entry.debtor_name, '') <> '' then ', ' || p_entry.debtor_name else '' end);
  insert into public.payments (participant_id, method, amount_cents, currency, provider_reference, value_date, note, recorded_by)
  values (p_participant_id, 'invoice', p_entry.amount_cents, 'CHF', p_entry.entry_reference, p_entry.value_date,
    left(v_note, 2000), (select u.id from auth.users u where u.id = auth.uid()))
  returning id into v_payment_id;
  perform private.drop_checkout_session(p_participant_id);
  update public.participants p
     set status = 'confirmed', hold_expires_at = case when p.status = 'held' then null else p.hold_expires_at end
   where p.id = p_participant_id
  returning * into v_participant;
  perform private.write_history(p_participant_id, v_before, 'payment_recorded', 'admin', p_entry.amount_cents, v_note);
  perform private.enqueue_mail(
    'payment_receipt',
    v_participant.email,
    private.booking_mail_payload(p_participant_id)
      || jsonb_build_object('payment', jsonb_build_object(
        'amountCents', p_entry.amount_cents, 'paidAt', private.now(), 'method', 'invoice'
      )),
    p_participant_id
  );
  update public.bank_entries b
     set participant_id = p_participant_id, payment_id = v_payment_id,
         outcome = case when p_entry.amount_cents = v_open then 'matched'
                        when p_entry.amount_cents < v_open then 'partial'
                        else 'over' end
   where b.id = p_entry.id;
  return case when p_entry.amount_cents = v_open then 'matched'
              when p_entry.amount_cents < v_open then 'partial'
              else 'over' end;
end;
$$;

-- One entry of the file: stored once (the bank's reference), then matched. Answers the outcome,
-- or 'already_imported' when the bank's reference is known (this or an earlier file).
create function private.import_bank_entry(p_import_id uuid, p_entry jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.bank_entries%rowtype;
  v_kind text := p_entry ->> 'kind';
  v_currency text := upper(coalesce(p_entry ->> 'currency', ''));
  v_reference text := nullif(upper(regexp_replace(coalesce(p_entry ->> 'reference', ''), '\s', '', 'g')), '');
  v_amount integer;
  v_participant public.participants%rowtype;
  v_outcome text;
begin
  begin
    v_amount := (p_entry ->> 'amountCents')::integer;
  exception when others then
    raise exception 'INVALID_INPUT' using detail = 'amountCents';
  end;
  if v_kind is null or v_kind not in ('credit', 'return', 'foreign') or v_amount is null or v_amount < 0
     or v_currency !~ '^[A-Z]{3}$' or coalesce(p_entry ->> 'entryReference', '') = '' then
    raise exception 'INVALID_INPUT' using detail = 'entry';
  end if;
  -- The database decides, not the browser: a credit in another currency is refused as well.
  if v_kind = 'credit' and v_currency <> 'CHF' then
    v_kind := 'foreign';
  end if;
  insert into public.bank_entries (import_id, entry_reference, kind, amount_cents, currency, value_date,
    reference, remittance, debtor_name, outcome)
  values (p_import_id, left(btrim(p_entry ->> 'entryReference'), 200), v_kind, v_amount, v_currency,
    (p_entry ->> 'valueDate')::date, left(v_reference, 140), left(p_entry ->> 'remittance', 1000),
    left(p_entry ->> 'debtorName', 200),
    case v_kind when 'credit' then 'unassigned' else v_kind end)
  on conflict (entry_reference) do nothing
  returning * into v_entry;
  if not found then
    return jsonb_build_object('entryReference', p_entry ->> 'entryReference', 'outcome', 'already_imported',
      'amountCents', v_amount, 'currency', v_currency, 'reference', v_reference, 'debtorName', p_entry ->> 'debtorName');
  end if;
  v_outcome := v_entry.outcome;
  if v_kind = 'credit' and v_amount > 0 and v_reference is not null then
    select * into v_participant from public.participants p where p.invoice_reference = v_reference;
    if found then
      v_outcome := coalesce(private.record_bank_payment(v_participant.id, v_entry), 'unassigned');
      if v_outcome = 'unassigned' then
        update public.bank_entries b
           set note = format('Buchung %s ist %s', v_participant.reference,
             case v_participant.status when 'cancelled' then 'storniert' else 'abgelaufen' end)
         where b.id = v_entry.id;
      end if;
    end if;
  end if;
  select * into v_participant from public.participants p
   where p.id = (select b.participant_id from public.bank_entries b where b.id = v_entry.id);
  return jsonb_build_object('entryReference', v_entry.entry_reference, 'outcome', v_outcome,
    'amountCents', v_amount, 'currency', v_currency, 'reference', v_reference,
    'debtorName', v_entry.debtor_name, 'valueDate', v_entry.value_date,
    'bookingReference', v_participant.reference, 'name', v_participant.name,
    'openCents', case when v_participant.id is not null then (private.booking_money(v_participant.id)).open_cents end,
    'excessCents', case when v_participant.id is not null then (private.booking_money(v_participant.id)).excess_cents end);
end;
$$;

-- The import of a file's entries (admins). p_file: {fileName, storagePath, format, messageId,
-- entries: [{entryReference, kind, amountCents, currency, valueDate, reference, remittance,
-- debtorName}]} as src/features/admin-payments/lib/camt.ts reads them. p_commit false is the
-- preview: the same work, then rolled back, so the summary is exactly what confirming does.
create function public.admin_import_bank_entries(p_file jsonb, p_commit boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_import_id uuid;
  v_entry jsonb;
  v_results jsonb := '[]'::jsonb;
  v_summary jsonb;
begin
  perform private.require_admin();
  if p_commit is null or jsonb_typeof(p_file) <> 'object' or jsonb_typeof(p_file -> 'entries') <> 'array' then
    raise exception 'INVALID_INPUT' using detail = 'file';
  end if;
  if coalesce(p_file ->> 'format', '') not in ('camt.054.001.08', 'camt.053.001.08') then
    raise exception 'INVALID_INPUT' using detail = 'format';
  end if;
  if char_length(btrim(coalesce(p_file ->> 'fileName', ''))) not between 1 and 255 then
    raise exception 'INVALID_INPUT' using detail = 'fileName';
  end if;
  begin
    insert into public.bank_imports (file_name, storage_path, format, message_id, imported_by)
    values (btrim(p_file ->> 'fileName'), nullif(p_file ->> 'storagePath', ''), p_file ->> 'format',
      left(coalesce(p_file ->> 'messageId', ''), 100), (select u.id from auth.users u where u.id = auth.uid()))
    returning id into v_import_id;
    for v_entry in select value from jsonb_array_elements(p_file -> 'entries') loop
      v_results := v_results || jsonb_build_array(private.import_bank_entry(v_import_id, v_entry));
    end loop;
    select jsonb_build_object(
      'matched', count(*) filter (where r ->> 'outcome' = 'matched'),
      'partial', count(*) filter (where r ->> 'outcome' = 'partial'),
      'over', count(*) filter (where r ->> 'outcome' = 'over'),
      'unassigned', count(*) filter (where r ->> 'outcome' = 'unassigned'),
      'foreign', count(*) filter (where r ->> 'outcome' = 'foreign'),
      'returns', count(*) filter (where r ->> 'outcome' = 'return'),
      'alreadyImported', count(*) filter (where r ->> 'outcome' = 'already_imported'),
      'recordedCents', coalesce(sum((r ->> 'amountCents')::integer) filter (where r ->> 'outcome' in ('matched', 'partial', 'over')), 0)
    ) into v_summary
    from jsonb_array_elements(v_results) r;
    update public.bank_imports i set summary = v_summary where i.id = v_import_id;
    if not p_commit then
      -- Undo everything of the preview (rows, payments, mails); the variables keep the answer.
      raise sqlstate 'P0B01';
    end if;
  exception when sqlstate 'P0B01' then
    v_import_id := null;
  end;
  return jsonb_build_object('importId', v_import_id, 'committed', p_commit, 'summary', v_summary, 'entries', v_results);
end;
$$;

-- 'Nicht zugeordnet' → a booking, by the admin: the same recording as a matched import.
create function public.admin_assign_bank_entry(p_entry_id uuid, p_participant_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.bank_entries%rowtype;
  v_outcome text;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  select * into v_entry from public.bank_entries b where b.id = p_entry_id;
  if not found then
    raise exception 'BANK_ENTRY_NOT_FOUND';
  end if;
  select * into v_participant from public.participants p where p.id = p_participant_id;
  if not found then
    raise exception 'PARTICIPANT_NOT_FOUND';
  end if;
  -- Lock order as every transition: event, booking (inside record_bank_payment), then the entry;
  -- the entry's outcome is checked again under its lock.
  perform private.lock_booking(p_participant_id);
  select * into v_entry from public.bank_entries b where b.id = p_entry_id for update;
  if v_entry.outcome <> 'unassigned' then
    raise exception 'BANK_ENTRY_ASSIGNED' using detail = v_entry.outcome;
  end if;
  v_outcome := private.record_bank_payment(p_participant_id, v_entry);
  if v_outcome is null then
    raise exception 'PAYMENT_NOT_ALLOWED' using detail = v_participant.status;
  end if;
  update public.bank_entries b
     set assigned_by = (select u.id from auth.users u where u.id = auth.uid()), assigned_at = private.now(), note = ''
   where b.id = p_entry_id;
  return jsonb_build_object('outcome', v_outcome, 'bookingReference', v_participant.reference,
    'openCents', (private.booking_money(p_participant_id)).open_cents,
    'excessCents', (private.booking_money(p_participant_id)).excess_cents);
end;
$$;

revoke all on function private.record_bank_payment(uuid, public.bank_entries) from public;
revoke all on function private.import_bank_entry(uuid, jsonb) from public;
revoke all on function public.admin_import_bank_entries(jsonb, boolean) from anon, public;
revoke all on function public.admin_assign_bank_entry(uuid, uuid) from anon, public;
grant execute on function public.admin_import_bank_entries(jsonb, boolean) to authenticated;
grant execute on function public.admin_assign_bank_entry(uuid, uuid) to authenticated;

comment on function public.admin_import_bank_entries(jsonb, boolean) is 'Bank file import (admins): matches credits by QR/RF reference and records them through the state machine, once per bank reference; p_commit false previews the same summary and rolls back.';
comment on function public.admin_assign_bank_entry(uuid, uuid) is 'Assigns a ''Nicht zugeordnet'' bank entry to a booking (admins): recorded as that booking''s invoice payment.';

insert into public.error_codes (code, visitor_message, admin_message) values
  ('BANK_ENTRY_NOT_FOUND', null, 'Diese Bankbuchung gibt es nicht.'),
  ('BANK_ENTRY_ASSIGNED', null, 'Diese Bankbuchung ist bereits zugeordnet oder kann nicht zugeordnet werden.');
