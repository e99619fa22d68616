-- Payment by invoice with a Swiss QR bill (issue 15): payment method 'invoice'
-- ('Rechnung (QR-Rechnung)'). See docs/data-model.md ("Invoice").
--
-- The creditor (the provider: name, address, IBAN) is one row of public.invoice_creditor, entered
-- by an admin or on deployment (docs/deployment.md). Without it the method cannot be booked: a
-- registration by invoice needs the creditor to choose its reference. A wrong IBAN is refused
-- when it is entered, with a message that says what is wrong.
--
-- A registration by invoice gets, on insert, its structured reference (a QR reference with a
-- QR-IBAN, a creditor reference ISO 11649 'RF…' with a normal IBAN, both made of the booking
-- reference) and its due date (10 days, or
-- the creditor's payment_days, but never after the event). The participant's confirmation mail
-- carries the invoice's data (amount, reference, due date, creditor) in its payload, so the
-- process-outbox function renders the same PDF with the QR bill on every try.

-- ---------------------------------------------------------------------------------------------
-- The method
-- ---------------------------------------------------------------------------------------------

alter table public.events drop constraint events_payment_methods_check;
alter table public.events add constraint events_payment_methods_check check (
  cardinality(payment_methods) >= 1
  and payment_methods <@ array['stripe', 'onsite', 'free', 'invoice']
  and array_position(payment_methods, null) is null
);

-- A new event offers what works without any provider set up; the admin adds online payment or
-- invoice where they are configured (the event form says which are).
alter table public.events alter column payment_methods set default array['onsite'];

alter table public.participants drop constraint participants_payment_method_check;
alter table public.participants add constraint participants_payment_method_check
  check (payment_method in ('stripe', 'onsite', 'free', 'invoice'));

-- Same checks as 20261122000150, with 'invoice' among the methods.
create or replace function private.checked_participant_input(
  p_name text,
  p_email text,
  p_phone text,
  p_payment_method text,
  p_notes text,
  out name text,
  out email text,
  out phone text,
  out payment_method text,
  out notes text
)
language plpgsql
immutable
set search_path = ''
as $$
begin
  name := btrim(coalesce(p_name, ''));
  email := btrim(coalesce(p_email, ''));
  phone := btrim(coalesce(p_phone, ''));
  payment_method := btrim(coalesce(p_payment_method, ''));
  notes := btrim(coalesce(p_notes, ''));

  if name = '' or char_length(name) > 200 then
    raise exception 'INVALID_INPUT' using detail = 'name';
  end if;
  if char_length(email) > 254 or email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;
  if phone !~ '^[0-9+ ()./-]{3,40}$' or phone !~ '[0-9].*[0-9].*[0-9]' then
    raise exception 'INVALID_INPUT' using detail = 'phone';
  end if;
  if payment_method not in ('stripe', 'onsite', 'free', 'invoice') then
    raise exception 'INVALID_INPUT' using detail = 'payment_method';
  end if;
  if char_length(notes) > 2000 then
    raise exception 'INVALID_INPUT' using detail = 'notes';
  end if;
end;
$$;

revoke all on function private.checked_participant_input(text, text, text, text, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Check digits (IBAN and ISO 11649: ISO 7064 MOD 97-10; QR reference: modulo 10 recursive)
-- ---------------------------------------------------------------------------------------------

-- Letters as numbers (A = 10 … Z = 35), digits as they are.
create or replace function private.alnum_to_digits(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(
    case when c ~ '[0-9]' then c else (ascii(c) - 55)::text end, '' order by i)
  from unnest(string_to_array(upper(value), null)) with ordinality as t(c, i)
$$;

create or replace function private.mod97(value text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select mod(private.alnum_to_digits(value)::numeric, 97)::integer
$$;

-- The IBAN without spaces, in capitals.
create or replace function private.normalized_iban(value text)
returns text
language sql
immutable
set search_path = ''
as $$ select upper(regexp_replace(coalesce(value, ''), '\s', '', 'g')) $$;

-- Why an IBAN cannot take QR bill payments, or null when it can (a Swiss or Liechtenstein IBAN,
-- 21 characters, check digits right). security definer: the check constraint runs it as the
-- writing admin, who has no access to the helpers it calls.
create or replace function private.iban_problem(value text)
returns text
language plpgsql
immutable
security definer
set search_path = ''
as $$
declare
  v_iban text := private.normalized_iban(value);
begin
  if v_iban !~ '^(CH|LI)' then
    return 'Die QR-Rechnung braucht eine Schweizer oder Liechtensteiner IBAN (CH… oder LI…).';
  end if;
  if v_iban !~ '^(CH|LI)[0-9]{7}[0-9A-Z]{12}$' then
    return 'Eine Schweizer IBAN hat 21 Zeichen: CH, 2 Prüfziffern, 5 Ziffern Bankennummer und 12 Zeichen Kontonummer.';
  end if;
  if private.mod97(substr(v_iban, 5) || substr(v_iban, 1, 4)) <> 1 then
    return 'Die Prüfziffern stimmen nicht: bitte die IBAN mit dem Kontoauszug vergleichen.';
  end if;
  return null;
end;
$$;

-- A QR-IBAN (institution id 30000-31999) takes QR references only; a normal IBAN takes
-- creditor references (RF…).
create or replace function private.is_qr_iban(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select substr(private.normalized_iban(value), 5, 5)::integer between 30000 and 31999 $$;

-- The QR reference (27 digits, the last one modulo 10 recursive) for up to 26 digits.
create or replace function private.qr_reference(p_digits text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_table constant integer[] := array[0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  v_body text := lpad(p_digits, 26, '0');
  v_carry integer := 0;
  i integer;
begin
  if p_digits !~ '^[0-9]{1,26}$' then
    raise exception 'a QR reference takes 1 to 26 digits, not %', p_digits;
  end if;
  for i in 1 .. 26 loop
    v_carry := v_table[mod(v_carry + substr(v_body, i, 1)::integer, 10) + 1];
  end loop;
  return v_body || mod(10 - v_carry, 10)::text;
end;
$$;

-- The creditor reference of ISO 11649 ('RF', 2 check digits, up to 21 letters or digits).
create or replace function private.creditor_reference(p_base text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'RF' || lpad((98 - private.mod97(upper(p_base) || 'RF00'))::text, 2, '0') || upper(p_base)
$$;

revoke all on function private.alnum_to_digits(text) from public;
revoke all on function private.mod97(text) from public;
revoke all on function private.normalized_iban(text) from public;
revoke all on function private.iban_problem(text) from public;
grant execute on function private.iban_problem(text) to authenticated;
revoke all on function private.is_qr_iban(text) from public;
revoke all on function private.qr_reference(text) from public;
revoke all on function private.creditor_reference(text) from public;

-- ---------------------------------------------------------------------------------------------
-- The creditor (one row)
-- ---------------------------------------------------------------------------------------------

create table public.invoice_creditor (
  -- Only one row: the provider.
  id boolean primary key default true,
  name text not null,
  -- Street and house number as separate fields (structured address of the QR bill).
  street text not null,
  building_number text not null default '',
  postal_code text not null,
  city text not null,
  country text not null default 'CH',
  iban text not null,
  -- Days until an invoice is due (never after the event's date).
  payment_days integer not null default 10,
  updated_at timestamptz not null default now(),
  constraint invoice_creditor_single_row check (id),
  -- The QR bill's field lengths (Swiss Payment Standards, Implementation Guidelines QR-bill).
  constraint invoice_creditor_name_check check (btrim(name) <> '' and char_length(name) <= 70),
  constraint invoice_creditor_street_check check (btrim(street) <> '' and char_length(street) <= 70),
  constraint invoice_creditor_building_number_check check (char_length(building_number) <= 16),
  constraint invoice_creditor_postal_code_check check (btrim(postal_code) <> '' and char_length(postal_code) <= 16),
  constraint invoice_creditor_city_check check (btrim(city) <> '' and char_length(city) <= 35),
  constraint invoice_creditor_country_check check (country ~ '^[A-Z]{2}$'),
  constraint invoice_creditor_iban_check check (private.iban_problem(iban) is null and iban ~ '^[A-Z0-9]+$'),
  constraint invoice_creditor_payment_days_check check (payment_days between 1 and 60)
);

comment on table public.invoice_creditor is
  'The provider as creditor of QR-bill invoices (name, address, IBAN). Without this row, invoice is not offered.';

-- A wrong IBAN is refused with a message that says what is wrong (the check constraint above
-- only names itself); spaces are dropped and letters capitalised first.
create or replace function private.invoice_creditor_check_iban()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_problem text := private.iban_problem(new.iban);
begin
  if v_problem is not null then
    raise exception 'INVALID_IBAN'
      using detail = format('IBAN «%s» ist ungültig. %s', new.iban, v_problem),
            errcode = '23514';
  end if;
  new.iban := private.normalized_iban(new.iban);
  return new;
end;
$$;

revoke all on function private.invoice_creditor_check_iban() from public;

create trigger invoice_creditor_check_iban before insert or update on public.invoice_creditor
  for each row execute function private.invoice_creditor_check_iban();

create trigger invoice_creditor_set_updated_at before update on public.invoice_creditor
  for each row execute function private.set_updated_at();

alter table public.invoice_creditor enable row level security;
revoke all on public.invoice_creditor from public, anon, authenticated;
grant select, insert, update, delete on public.invoice_creditor to authenticated;
grant all on public.invoice_creditor to service_role;

create policy "Admins read the creditor"
  on public.invoice_creditor for select to authenticated using ((select public.is_admin()));
create policy "Admins enter the creditor"
  on public.invoice_creditor for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change the creditor"
  on public.invoice_creditor for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove the creditor"
  on public.invoice_creditor for delete to authenticated using ((select public.is_admin()));

-- Which payment methods work without a provider's key: everyone may know whether invoice is
-- set up (the creditor's data itself stays with the admins).
create or replace function public.invoice_available()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select exists (select 1 from public.invoice_creditor) $$;

revoke all on function public.invoice_available() from public;
grant execute on function public.invoice_available() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Reference and due date of a registration by invoice
-- ---------------------------------------------------------------------------------------------

alter table public.participants
  add column invoice_reference text,
  add column invoice_due_date date,
  add constraint participants_invoice_reference_key unique (invoice_reference),
  add constraint participants_invoice_reference_check check (
    invoice_reference ~ '^([0-9]{27}|RF[0-9]{2}[0-9A-Z]{1,21})$'
  ),
  add constraint participants_invoice_columns_check check (
    (payment_method = 'invoice') = (invoice_reference is not null and invoice_due_date is not null)
  );

comment on column public.participants.invoice_reference is
  'Invoice: the structured reference of its QR bill (QR reference or RF creditor reference), as it appears on bank statements.';
comment on column public.participants.invoice_due_date is
  'Invoice: pay by this day (the creditor''s payment_days after booking, never after the event).';

-- What the reference is made of: the booking reference without its dash (SW-7K3M: SW7K3M, in
-- the QR reference with letters as numbers, A = 10 … Z = 35), so the reference on a bank
-- statement leads back to the booking.
create or replace function private.invoice_reference_base(p_booking_reference text)
returns text
language sql
immutable
set search_path = ''
as $$ select upper(replace(p_booking_reference, '-', '')) $$;

revoke all on function private.invoice_reference_base(text) from public;

create or replace function private.participants_start_invoice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_creditor public.invoice_creditor%rowtype;
  v_start date;
  v_base text;
begin
  if new.payment_method <> 'invoice' then
    return new;
  end if;
  select * into v_creditor from public.invoice_creditor;
  if not found then
    -- Not offered without a creditor: the same refusal as a method the event does not offer.
    raise exception 'INVALID_INPUT' using detail = 'payment_method';
  end if;
  -- participants_set_reference (20261125001300) runs before this trigger (triggers fire by name).
  if coalesce(new.reference, '') = '' then
    raise exception 'a registration by invoice needs its booking reference first';
  end if;
  v_base := private.invoice_reference_base(new.reference);
  new.invoice_reference := case
    when private.is_qr_iban(v_creditor.iban) then private.qr_reference(private.alnum_to_digits(v_base))
    else private.creditor_reference(v_base)
  end;
  select e.start_date into v_start from public.events e where e.id = new.event_id;
  new.invoice_due_date := least(
    private.today_in_zurich() + v_creditor.payment_days,
    greatest(v_start, private.today_in_zurich())
  );
  return new;
end;
$$;

revoke all on function private.participants_start_invoice() from public;

create trigger participants_start_invoice before insert on public.participants
  for each row execute function private.participants_start_invoice();

-- ---------------------------------------------------------------------------------------------
-- The invoice in the confirmation mail
-- ---------------------------------------------------------------------------------------------

-- What the PDF shows: amount (price x persons), reference, due date and the creditor at the
-- time of queueing. Null when the registration is not by invoice.
create or replace function private.invoice_mail_payload(p_participant_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', p.invoice_reference,
    'dueDate', p.invoice_due_date,
    'amountCents', private.registration_amount_cents(p.id),
    'currency', 'CHF',
    'issuedOn', private.today_in_zurich(),
    'creditor', jsonb_build_object(
      'name', c.name,
      'street', c.street,
      'buildingNumber', c.building_number,
      'postalCode', c.postal_code,
      'city', c.city,
      'country', c.country,
      'iban', c.iban
    )
  )
  from public.participants p
  cross join public.invoice_creditor c
  where p.id = p_participant_id and p.payment_method = 'invoice'
$$;

revoke all on function private.invoice_mail_payload(uuid) from public;

-- The participant's confirmation of a registration by invoice carries the invoice, whichever
-- function queues the confirmation.
create or replace function private.mail_outbox_attach_invoice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invoice jsonb;
begin
  v_invoice := private.invoice_mail_payload(new.participant_id);
  if v_invoice is not null then
    new.payload := new.payload || jsonb_build_object('invoice', v_invoice);
  end if;
  return new;
end;
$$;

revoke all on function private.mail_outbox_attach_invoice() from public;

create trigger mail_outbox_attach_invoice before insert on public.mail_outbox
  for each row
  when (new.kind = 'participant_confirmation' and new.participant_id is not null)
  execute function private.mail_outbox_attach_invoice();
