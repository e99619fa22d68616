-- Issue 29: an invoice booking whose hold lapsed unpaid, then paid by bank transfer, is matched to
-- its booking instead of landing in 'Nicht zugeordnet': reinstated through admin_reactivate_booking
-- when its seats are still free, else left for the admin with the reason in the entry's note.
CREATE OR REPLACE FUNCTION private.import_bank_entry(p_import_id uuid, p_entry jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.bank_entries%rowtype;
  v_kind text := p_entry ->> 'kind';
  v_currency text := upper(coalesce(p_entry ->> 'currency', ''));
  v_reference text := nullif(upper(regexp_replace(coalesce(p_entry ->> 'reference', ''), '\s', '', 'g')), '');
  v_amount integer;
  v_participant public.participants%rowtype;
  v_outcome text;
  v_refusal text;
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
      -- A hold that lapsed unpaid and is paid after all: the visitor wants the seats. They get them
      -- back through the staff transition when they are still free (its mail says the booking is
      -- active again, the receipt follows); otherwise the payment waits for the admin's decision.
      if v_participant.status = 'expired' and v_participant.anonymised_at is null then
        begin
          perform public.admin_reactivate_booking(v_participant.id, false);
        exception when raise_exception then
          v_refusal := coalesce((select coalesce(c.admin_message, c.visitor_message) from public.error_codes c
                                  where c.code = sqlerrm), sqlerrm);
        end;
      end if;
      v_outcome := coalesce(private.record_bank_payment(v_participant.id, v_entry), 'unassigned');
      if v_outcome = 'unassigned' then
        update public.bank_entries b
           set note = format('Buchung %s ist %s', v_participant.reference,
             case v_participant.status when 'cancelled' then 'storniert' else 'abgelaufen' end)
             || case when v_refusal is not null then ' und kann nicht wieder aufgenommen werden: ' || v_refusal else '' end
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
$function$;
