-- Issue 29: every recorded payment's 'Zahlungsbestätigung' and every refund's mail carry a PDF
-- (receipt / credit note 'Gutschrift') with the provider's name, address and, when set in
-- 'Einstellungen', the VAT number and rate. Whichever transition queues payment_receipt or
-- refund_issued (complete_checkout, admin_record_payment, the bank import, the refund queue),
-- this trigger adds the provider and a document number to the payload, as
-- mail_outbox_attach_invoice does for the invoice; process-outbox renders the PDF from it.

-- The setting 'vat': {"uid": "CHE-123.456.789", "rate_percent": 8.1}, or both null (no VAT on the
-- receipts; the row exists so the admin's update can set it). The other keys as before.
-- (Redefined here: the integrator merges the keys other branches add.)
create or replace function private.setting_value_is_valid(setting_key text, value jsonb)
returns boolean
language plpgsql
immutable security definer
set search_path = ''
as $$
begin
  case setting_key
    -- {"start": "2026-10-15", "end": "2027-03-28" | null}: the end is optional (open season).
    when 'fondue_season' then
      return private.jsonb_has_keys(value, array['start', 'end'])
        and private.setting_date(value -> 'start') is not null
        and (
          jsonb_typeof(value -> 'end') = 'null'
          or private.setting_date(value -> 'end') >= private.setting_date(value -> 'start')
        );
    -- Price per person in CHF by group size.
    when 'fondue_prices' then
      return private.jsonb_has_keys(value, array['two', 'three_to_four', 'five_to_six'])
        and private.setting_price_is_valid(value -> 'two')
        and private.setting_price_is_valid(value -> 'three_to_four')
        and private.setting_price_is_valid(value -> 'five_to_six');
    -- VAT on receipts: the Swiss UID (CHE-123.456.789, shown with 'MWST') and the rate in percent.
    when 'vat' then
      if private.jsonb_has_keys(value, array['uid', 'rate_percent'])
         and jsonb_typeof(value -> 'uid') = 'null' and jsonb_typeof(value -> 'rate_percent') = 'null' then
        return true;
      end if;
      return private.jsonb_has_keys(value, array['uid', 'rate_percent'])
        and jsonb_typeof(value -> 'uid') = 'string'
        and (value ->> 'uid') ~ '^CHE-[0-9]{3}\.[0-9]{3}\.[0-9]{3}$'
        and jsonb_typeof(value -> 'rate_percent') = 'number'
        and (value ->> 'rate_percent')::numeric >= 0
        and (value ->> 'rate_percent')::numeric <= 100
        and scale((value ->> 'rate_percent')::numeric) <= 2;
    else
      return false;
  end case;
end;
$$;

insert into public.settings (key, value, is_public)
values ('vat', '{"uid": null, "rate_percent": null}', false)
on conflict (key) do nothing;

-- Who issues the receipt: the invoice creditor's name and address (the one address the admin
-- keeps), the VAT setting when there is one. Null without a creditor (no PDF then).
create function private.receipt_provider()
returns jsonb
language sql
stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'name', c.name, 'street', c.street, 'buildingNumber', c.building_number,
    'postalCode', c.postal_code, 'city', c.city, 'country', c.country,
    'vatUid', (select s.value ->> 'uid' from public.settings s where s.key = 'vat'),
    'vatRatePercent', (select (s.value ->> 'rate_percent')::numeric from public.settings s where s.key = 'vat')
  )
  from public.invoice_creditor c
$$;

create function private.mail_outbox_attach_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_provider jsonb := private.receipt_provider();
begin
  if v_provider is not null then
    new.payload := new.payload || jsonb_build_object('receipt', jsonb_build_object(
      'provider', v_provider,
      -- The outbox row's id names the document: one mail, one receipt, stable across retries.
      'number', upper(left(replace(new.id::text, '-', ''), 10)),
      'issuedOn', private.today_in_zurich()
    ));
  end if;
  return new;
end;
$$;

create trigger mail_outbox_attach_receipt before insert on public.mail_outbox
  for each row when (new.kind in ('payment_receipt', 'refund_issued') and new.participant_id is not null)
  execute function private.mail_outbox_attach_receipt();

revoke all on function private.receipt_provider() from public;
revoke all on function private.mail_outbox_attach_receipt() from public;
