-- Issue 28, gift vouchers: the voucher mailed with its PDF, on a chosen day. The team sends a
-- voucher it issued (to the buyer over the counter, to a competition's winner); a purchase on the
-- site will send the same mail. The outbox holds it until its day (next_attempt_at, 08:00 in
-- Zurich) and keeps it until it is delivered, like every mail.

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind = any ('{admin_invitation,booking_cancelled,booking_change,booking_change_notice,booking_moved,booking_updated,enquiry_notice,event_cancelled,event_changed,event_reminder,gift_voucher,invoice_reminder,newsletter_notice,newsletter_removal,participant_confirmation,participant_message,payment_receipt,refund_issued,registration_notice,waitlist_joined,waitlist_offer}'::text[]));

-- When the voucher was last mailed, to whom and for which day: the admin list shows it.
alter table public.gift_vouchers add column mailed_to text not null default '';
alter table public.gift_vouchers add column mail_on date;
alter table public.gift_vouchers add constraint gift_vouchers_mailed_to_check check (char_length(mailed_to) <= 254);
insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.gift_vouchers', 'mailed_to', 'E-Mail-Adresse, an die der Gutschein geschickt wurde', 'bookkeeping');

-- Everything the mail and its PDF print: the voucher, its terms, the provider's address (null
-- before the team entered it in 'Einstellungen'; the PDF then names the site only).
create function private.gift_voucher_mail_payload(p_voucher_id uuid)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select jsonb_build_object(
    'voucher', jsonb_build_object(
      'code', g.code,
      'kind', g.kind,
      'title', g.title,
      'valueCents', g.value_cents,
      'balanceCents', g.balance_cents,
      'validUntil', g.valid_until,
      'recipientName', g.recipient_name,
      'message', g.message,
      'buyerName', '',
      'issuedAt', (g.created_at at time zone 'Europe/Zurich')::date,
      'legalText', (private.gift_voucher_settings()).legal_text
    ),
    'provider', private.receipt_provider()
  )
  from public.gift_vouchers g
  where g.id = p_voucher_id
$function$;
revoke all on function private.gift_voucher_mail_payload(uuid) from public;

-- Queues the voucher's mail for its day (today: at once; a later day: at 08:00 in Zurich).
create function private.queue_gift_voucher_mail(p_voucher_id uuid, p_recipient text, p_send_on date)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_id uuid;
  v_today date := private.today_in_zurich();
begin
  insert into public.mail_outbox (kind, recipient, payload, next_attempt_at)
  values ('gift_voucher', p_recipient, private.gift_voucher_mail_payload(p_voucher_id),
          -- A later day: its morning; today: now.
          case when coalesce(p_send_on, v_today) <= v_today then now()
               else (p_send_on + time '08:00') at time zone 'Europe/Zurich' end)
  returning id into v_id;
  update public.gift_vouchers g set mailed_to = p_recipient, mail_on = coalesce(p_send_on, v_today)
   where g.id = p_voucher_id;
  if coalesce(p_send_on, v_today) <= v_today then
    perform private.kick_outbox();
  end if;
  return v_id;
end;
$function$;
revoke all on function private.queue_gift_voucher_mail(uuid, text, date) from public;

-- 'Per E-Mail senden' in the admin list: to this address, on this day (default today).
create function public.admin_send_gift_voucher(p_id uuid, p_email text, p_send_on date DEFAULT NULL)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_email text := btrim(coalesce(p_email, ''));
  v_voucher public.gift_vouchers;
begin
  perform private.require_admin();
  if char_length(v_email) > 254 or v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;
  if p_send_on is not null and (p_send_on < private.today_in_zurich()
                                or p_send_on > private.today_in_zurich() + 366) then
    raise exception 'INVALID_INPUT' using detail = 'send_on';
  end if;
  select * into v_voucher from public.gift_vouchers g where g.id = p_id for update;
  if v_voucher.id is null then
    raise exception 'INVALID_INPUT' using detail = 'id';
  end if;
  if v_voucher.status = 'void' then
    raise exception 'GIFT_VOUCHER_VOID';
  end if;
  return private.queue_gift_voucher_mail(p_id, v_email, p_send_on);
end;
$function$;
revoke all on function public.admin_send_gift_voucher(uuid, text, date) from public, anon;
grant execute on function public.admin_send_gift_voucher(uuid, text, date) to authenticated;
