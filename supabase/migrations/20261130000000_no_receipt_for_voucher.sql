-- Review fix (gift vouchers, issue 28): the rule "a gift voucher moves no money, so it gets no
-- receipt or credit note" lives in one place, private.issue_receipt, instead of the
-- mail_outbox_attach_receipt trigger's WHEN clause and an early return in
-- private.queue_refund_mail. Behaviour is unchanged: a voucher's return mail still carries no
-- receipt, a silent voucher return still issues none (payment receipts never carry 'voucher':
-- only Stripe and admin_record_payment queue them, with card/twint and invoice/onsite).

CREATE OR REPLACE FUNCTION private.issue_receipt(p_id uuid, p_kind text, p_participant_id uuid, p_mail_id uuid, p_payload jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_provider jsonb := private.receipt_provider();
  v_number text := upper(left(replace(p_id::text, '-', ''), 10));
  v_issued date := private.today_in_zurich();
  v_money jsonb := coalesce(p_payload -> 'payment', p_payload -> 'refund');
begin
  -- A gift voucher paid or credited back moves no money: no receipt, no credit note.
  if v_provider is null or v_money ->> 'method' = 'voucher' then
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

drop trigger mail_outbox_attach_receipt on public.mail_outbox;
CREATE TRIGGER mail_outbox_attach_receipt BEFORE INSERT ON public.mail_outbox FOR EACH ROW
  WHEN ((new.kind = ANY (ARRAY['payment_receipt'::text, 'refund_issued'::text])) AND new.participant_id IS NOT NULL)
  EXECUTE FUNCTION private.mail_outbox_attach_receipt();

CREATE OR REPLACE FUNCTION private.queue_refund_mail(p_request public.refund_requests)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_email text;
  v_payload jsonb;
begin
  select p.email into v_email from public.participants p where p.id = p_request.participant_id;
  v_payload := private.booking_mail_payload(p_request.participant_id)
    || jsonb_build_object('refund', jsonb_build_object(
      'amountCents', p_request.amount_cents,
      'method', case p_request.kind when 'stripe_refund' then 'stripe' when 'voucher_return' then 'voucher'
                                    else 'transfer' end
    ) || coalesce((
      -- The voucher credited, so the mail can name it and its new balance.
      select jsonb_build_object('voucher', jsonb_build_object(
               'code', g.code, 'balanceCents', g.balance_cents, 'validUntil', g.valid_until))
        from public.payments y join public.gift_vouchers g on g.id = y.gift_voucher_id
       where y.id = p_request.payment_id and p_request.kind = 'voucher_return'
    ), '{}'::jsonb));
  if not p_request.notify or v_email is null then
    -- No mail: the credit note is issued on its own (none for a voucher's return: issue_receipt).
    perform private.issue_receipt(gen_random_uuid(), 'credit_note', p_request.participant_id, null, v_payload);
    return;
  end if;
  perform private.enqueue_mail('refund_issued', v_email, v_payload, p_request.participant_id);
end;
$function$;
