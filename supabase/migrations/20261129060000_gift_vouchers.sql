-- Issue 28, gift vouchers (Geschenkgutscheine), the redeeming half: the team issues a voucher
-- (a competition, a complaint, one sold over the counter), a visitor redeems it in the booking
-- form, and a cancellation returns the redeemed part to the voucher, not to a card.
--
-- A redemption is a payment of the booking with method 'voucher' (so the booking's money, its
-- open amount, Stripe's checkout and the refunds read it like any payment); its return is a
-- refund request of kind 'voucher_return', done at once, that credits the voucher. The voucher's
-- balance is a column that only private.redeem_gift_voucher and private.queue_refunds change,
-- under the voucher's row lock, and a check keeps it between 0 and the voucher's value: a voucher
-- redeemed twice at once is spent once.
--
-- Codes: 'GS-' and 20 characters of a 32-letter alphabet without 0/O/1/I (100 bits), drawn from
-- gen_random_uuid's random source. They are looked up by the SHA-256 of their normalised form (a
-- unique index), so the comparison walks a hash, never the code (docs/data-model.md "Gift vouchers").

CREATE OR REPLACE FUNCTION private.setting_value_is_valid(setting_key text, value jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    -- Unpaid invoices: the reminder so many days after the due date (1..60); the release of the
    -- seats so many days before the event (1..60), or null: never.
    -- The hut's evenings, group size, cancellation rule and payment methods (20261128165000).
    when 'fondue_hut' then
      return private.fondue_hut_setting_is_valid(value);
    when 'invoice_reminders' then
      return private.jsonb_has_keys(value, array['reminder_days', 'release_days_before_event'])
        and jsonb_typeof(value -> 'reminder_days') = 'number'
        and (value ->> 'reminder_days') ~ '^[0-9]+$'
        and (value ->> 'reminder_days')::integer between 1 and 60
        and (
          jsonb_typeof(value -> 'release_days_before_event') = 'null'
          or (
            jsonb_typeof(value -> 'release_days_before_event') = 'number'
            and (value ->> 'release_days_before_event') ~ '^[0-9]+$'
            and (value ->> 'release_days_before_event')::integer between 1 and 60
          )
        );
    -- Gift vouchers (issue 28): valid so many years (1..10) and the legal text printed on them.
    when 'gift_vouchers' then
      return private.jsonb_has_keys(value, array['validity_years', 'legal_text'])
        and jsonb_typeof(value -> 'validity_years') = 'number'
        and (value ->> 'validity_years') ~ '^[0-9]+$'
        and (value ->> 'validity_years')::integer between 1 and 10
        and jsonb_typeof(value -> 'legal_text') = 'string'
        and btrim(value ->> 'legal_text') <> ''
        and char_length(value ->> 'legal_text') <= 1000;
    else
      return false;
  end case;
end;
$function$;

-- Validity and the legal text printed on a voucher: the provider adapts them in 'Einstellungen'.
insert into public.settings (key, value, is_public) values
  ('gift_vouchers', jsonb_build_object(
     'validity_years', 3,
     'legal_text', 'Einlösbar für alle Angebote auf unserer Website, auch in Teilen; der Rest bleibt auf dem Gutschein. '
       || 'Keine Barauszahlung. Bei einer Stornierung wird der eingelöste Betrag dem Gutschein wieder gutgeschrieben.'
   ), true)
on conflict (key) do nothing;

create function private.gift_voucher_settings(out validity_years integer, out legal_text text)
 language sql
 stable security definer
 set search_path to ''
as $function$
  select coalesce((s.value ->> 'validity_years')::integer, 3), coalesce(s.value ->> 'legal_text', '')
    from (select 1) one
    left join public.settings s on s.key = 'gift_vouchers'
$function$;
revoke all on function private.gift_voucher_settings() from public;

-- The code as compared: upper case, letters and digits only ("gs-7k3m q9tx…" finds "GS-7K3M-Q9TX…").
create function private.gift_voucher_key(p_code text)
 returns text
 language sql
 immutable
 set search_path to ''
as $function$
  select encode(sha256(convert_to(regexp_replace(upper(coalesce(p_code, '')), '[^A-Z0-9]', '', 'g'), 'UTF8')), 'hex')
$function$;
revoke all on function private.gift_voucher_key(text) from public;

create table public.gift_vouchers (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  -- 'value': an amount to spend; 'offer': an offer of the provider ("Fondue-Abend für 2 Personen")
  -- worth its value.
  kind text not null,
  title text not null default '',
  value_cents integer not null,
  balance_cents integer not null,
  valid_until date not null,
  status text not null default 'active',
  -- 'staff': issued by hand in the admin area; 'purchase': bought on the site.
  source text not null,
  recipient_name text not null default '',
  message text not null default '',
  -- Why the team issued it (a competition, a complaint): for the team only.
  note text not null default '',
  issued_by uuid references auth.users (id) on delete set null,
  voided_at timestamptz,
  void_reason text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint gift_vouchers_code_check check (code ~ '^GS(-[A-HJ-NP-Z2-9]{4}){5}$'),
  constraint gift_vouchers_kind_check check (kind in ('value', 'offer')),
  constraint gift_vouchers_title_check check (char_length(title) <= 120 and (kind = 'value' or btrim(title) <> '')),
  constraint gift_vouchers_value_check check (value_cents between 100 and 10000000),
  constraint gift_vouchers_balance_check check (balance_cents between 0 and value_cents),
  constraint gift_vouchers_status_check check (status in ('active', 'void')),
  constraint gift_vouchers_void_check check ((status = 'void') = (voided_at is not null)),
  constraint gift_vouchers_source_check check (source in ('staff', 'purchase')),
  constraint gift_vouchers_recipient_name_check check (char_length(recipient_name) <= 200),
  constraint gift_vouchers_message_check check (char_length(message) <= 500),
  constraint gift_vouchers_note_check check (char_length(note) <= 2000),
  constraint gift_vouchers_void_reason_check check (char_length(void_reason) <= 2000)
);
comment on table public.gift_vouchers is
  'Gift vouchers (issue 28): value or offer, balance (changed only by redemption and return), validity. Admins read them; every write is a function.';
create unique index gift_vouchers_key_idx on public.gift_vouchers (private.gift_voucher_key(code));
create index gift_vouchers_created_at_idx on public.gift_vouchers (created_at desc);
create index gift_vouchers_issued_by_idx on public.gift_vouchers (issued_by) where issued_by is not null;

alter table public.gift_vouchers enable row level security;
create policy "Admins read gift vouchers" on public.gift_vouchers as permissive for select to authenticated
  using ((select public.is_admin() as is_admin));
revoke all on table public.gift_vouchers from anon, authenticated, service_role;
grant select on table public.gift_vouchers to authenticated, service_role;

create trigger gift_vouchers_set_updated_at before update on public.gift_vouchers
  for each row execute function private.set_updated_at();

insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.gift_vouchers', 'recipient_name', 'Name der beschenkten Person auf dem Gutschein', 'bookkeeping'),
  ('public.gift_vouchers', 'message', 'Persönliche Nachricht auf dem Gutschein', 'bookkeeping'),
  ('public.gift_vouchers', 'note', 'Notiz des Teams, warum der Gutschein ausgestellt wurde', 'bookkeeping'),
  ('public.gift_vouchers', 'void_reason', 'Begründung, warum der Gutschein ungültig gemacht wurde', 'bookkeeping');

-- A redemption is a payment; its voucher is named, and only a redemption names one.
alter table public.payments add column gift_voucher_id uuid references public.gift_vouchers (id) on delete restrict;
alter table public.payments drop constraint payments_method_check;
alter table public.payments add constraint payments_method_check
  check (method in ('card', 'twint', 'invoice', 'onsite', 'voucher'));
alter table public.payments add constraint payments_gift_voucher_check
  check ((method = 'voucher') = (gift_voucher_id is not null));
create index payments_gift_voucher_id_idx on public.payments (gift_voucher_id) where gift_voucher_id is not null;
-- Deferred: private.book redeems the voucher before the booking row, so the confirmation mail its
-- insert queues already shows the voucher's part and what is left to pay.
alter table public.payments alter constraint payments_participant_id_fkey deferrable initially deferred;

alter table public.refund_requests drop constraint refund_requests_kind_check;
alter table public.refund_requests add constraint refund_requests_kind_check
  check (kind in ('stripe_refund', 'expire_checkout', 'manual_refund', 'voucher_return'));

insert into public.error_codes (code, visitor_message, admin_message) values
  ('GIFT_VOUCHER_UNKNOWN', 'Diesen Gutscheincode kennen wir nicht. Bitte prüfe die Schreibweise.',
   'Diesen Gutscheincode gibt es nicht.'),
  ('GIFT_VOUCHER_EXPIRED', 'Dieser Gutschein ist abgelaufen.', 'Dieser Gutschein ist abgelaufen.'),
  ('GIFT_VOUCHER_VOID', 'Dieser Gutschein ist nicht mehr gültig.', 'Dieser Gutschein wurde ungültig gemacht.'),
  ('GIFT_VOUCHER_EMPTY', 'Auf diesem Gutschein ist kein Guthaben mehr.', 'Auf diesem Gutschein ist kein Guthaben mehr.'),
  ('GIFT_VOUCHER_NOT_NEEDED', 'Für diese Buchung ist nichts zu bezahlen; der Gutschein bleibt unverändert.',
   'Für diese Buchung ist nichts zu bezahlen.');

-- A new code: 20 characters of the 32-letter alphabet, 5 bits each (100 bits), from two
-- gen_random_uuid values (their 122 random bits come from the server's strong random source).
create function private.new_gift_voucher_code()
 returns text
 language plpgsql
 volatile
 set search_path to ''
as $function$
declare
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_bytes bytea := decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');
  v_chars text := '';
begin
  -- Byte 6 and 8 of a v4 uuid carry its version and variant: skip them, use the other 14 of each.
  for i in 0..31 loop
    continue when i % 16 in (6, 8);
    exit when char_length(v_chars) = 20;
    v_chars := v_chars || substr(v_alphabet, (get_byte(v_bytes, i) % 32) + 1, 1);
  end loop;
  return 'GS-' || substr(v_chars, 1, 4) || '-' || substr(v_chars, 5, 4) || '-' || substr(v_chars, 9, 4)
    || '-' || substr(v_chars, 13, 4) || '-' || substr(v_chars, 17, 4);
end;
$function$;
revoke all on function private.new_gift_voucher_code() from public;

-- The voucher behind a code, usable today, or the reason it is not (locked for a redemption).
create function private.checked_gift_voucher(p_code text, p_lock boolean)
 returns public.gift_vouchers
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_voucher public.gift_vouchers;
begin
  if p_lock then
    select * into v_voucher from public.gift_vouchers g
     where private.gift_voucher_key(g.code) = private.gift_voucher_key(p_code) for update;
  else
    select * into v_voucher from public.gift_vouchers g
     where private.gift_voucher_key(g.code) = private.gift_voucher_key(p_code);
  end if;
  if v_voucher.id is null then
    raise exception 'GIFT_VOUCHER_UNKNOWN';
  end if;
  if v_voucher.status = 'void' then
    raise exception 'GIFT_VOUCHER_VOID';
  end if;
  if private.today_in_zurich() > v_voucher.valid_until then
    raise exception 'GIFT_VOUCHER_EXPIRED' using detail = to_char(v_voucher.valid_until, 'YYYY-MM-DD');
  end if;
  if v_voucher.balance_cents <= 0 then
    raise exception 'GIFT_VOUCHER_EMPTY';
  end if;
  return v_voucher;
end;
$function$;
revoke all on function private.checked_gift_voucher(text, boolean) from public;

-- Pays up to p_cents of a booking from a locked voucher: one payment row, the balance down.
create function private.redeem_gift_voucher(p_participant_id uuid, p_voucher public.gift_vouchers, p_cents integer)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_part integer := least(p_voucher.balance_cents, greatest(coalesce(p_cents, 0), 0));
begin
  if v_part <= 0 then
    return 0;
  end if;
  update public.gift_vouchers g set balance_cents = g.balance_cents - v_part where g.id = p_voucher.id;
  insert into public.payments (participant_id, method, amount_cents, gift_voucher_id, note)
  values (p_participant_id, 'voucher', v_part, p_voucher.id, 'Gutschein ' || p_voucher.code);
  return v_part;
end;
$function$;
revoke all on function private.redeem_gift_voucher(uuid, public.gift_vouchers, integer) from public;

-- What the booking form and the balance page show for a code (no lock, nothing changes). Called by
-- the edge function check-gift-voucher, which limits the calls per client address; not by visitors.
create function public.check_gift_voucher(p_code text)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_voucher public.gift_vouchers;
begin
  if char_length(coalesce(p_code, '')) > 60 then
    raise exception 'GIFT_VOUCHER_UNKNOWN';
  end if;
  v_voucher := private.checked_gift_voucher(p_code, false);
  return jsonb_build_object(
    'kind', v_voucher.kind,
    'title', v_voucher.title,
    'value_cents', v_voucher.value_cents,
    'balance_cents', v_voucher.balance_cents,
    'valid_until', v_voucher.valid_until
  );
end;
$function$;
revoke all on function public.check_gift_voucher(text) from public, anon, authenticated;
grant execute on function public.check_gift_voucher(text) to service_role;
comment on function public.check_gift_voucher(text) is
  'A gift voucher''s balance and validity by its code (GIFT_VOUCHER_* when it cannot be used). Service role only: the edge function check-gift-voucher limits calls per address.';

-- The team issues a voucher by hand. The answer carries the code once more for printing; the
-- admin list reads it too.
create function public.admin_issue_gift_voucher(p_kind text, p_value_cents integer, p_title text DEFAULT '',
  p_recipient_name text DEFAULT '', p_message text DEFAULT '', p_note text DEFAULT '', p_valid_until date DEFAULT NULL)
 returns public.gift_vouchers
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_voucher public.gift_vouchers;
  v_user uuid := auth.uid();
begin
  perform private.require_admin();
  if p_valid_until is not null and p_valid_until < private.today_in_zurich() then
    raise exception 'INVALID_INPUT' using detail = 'valid_until';
  end if;
  if v_user is not null and not exists (select 1 from auth.users u where u.id = v_user) then
    v_user := null;
  end if;
  insert into public.gift_vouchers (code, kind, title, value_cents, balance_cents, valid_until, source,
    recipient_name, message, note, issued_by)
  values (private.new_gift_voucher_code(), p_kind, btrim(coalesce(p_title, '')), p_value_cents, p_value_cents,
    coalesce(p_valid_until,
             (private.today_in_zurich() + make_interval(years => (private.gift_voucher_settings()).validity_years))::date),
    'staff', btrim(coalesce(p_recipient_name, '')), btrim(coalesce(p_message, '')), private.checked_note(p_note), v_user)
  returning * into v_voucher;
  return v_voucher;
end;
$function$;
revoke all on function public.admin_issue_gift_voucher(text, integer, text, text, text, text, date) from public, anon;
grant execute on function public.admin_issue_gift_voucher(text, integer, text, text, text, text, date) to authenticated;

-- Void: the voucher can no longer be redeemed. Bookings it paid keep their payment (a return from
-- their cancellation still credits it, for the record).
create function public.admin_void_gift_voucher(p_id uuid, p_reason text)
 returns public.gift_vouchers
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_voucher public.gift_vouchers;
begin
  perform private.require_admin();
  update public.gift_vouchers g
     set status = 'void', voided_at = now(), void_reason = private.checked_note(p_reason)
   where g.id = p_id and g.status = 'active'
  returning * into v_voucher;
  if v_voucher.id is null then
    raise exception 'INVALID_INPUT' using detail = 'id';
  end if;
  return v_voucher;
end;
$function$;
revoke all on function public.admin_void_gift_voucher(uuid, text) from public, anon;
grant execute on function public.admin_void_gift_voucher(uuid, text) to authenticated;

-- A voucher's history for the team: each redemption and each return, with the booking.
create function public.admin_gift_voucher_uses(p_id uuid)
 returns table (at timestamptz, kind text, amount_cents integer, participant_id uuid, reference text,
                name text, event_title text, event_date date)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
begin
  perform private.require_admin();
  return query
  select u.at, u.kind, u.amount_cents, p.id, p.reference, p.name, e.title, e.start_date
    from (
      select y.created_at as at, 'redeemed'::text as kind, y.amount_cents, y.participant_id
        from public.payments y
       where y.gift_voucher_id = p_id and y.state = 'succeeded'
      union all
      select r.created_at, 'returned', r.amount_cents, r.participant_id
        from public.refund_requests r
        join public.payments y on y.id = r.payment_id
       where y.gift_voucher_id = p_id and r.kind = 'voucher_return'
    ) u
    join public.participants p on p.id = u.participant_id
    join public.events e on e.id = p.event_id
   -- A return never precedes its redemption, also within one transaction's timestamp.
   order by u.at, u.kind = 'returned';
end;
$function$;
revoke all on function public.admin_gift_voucher_uses(uuid) from public, anon;
grant execute on function public.admin_gift_voucher_uses(uuid) to authenticated;


-- The booking redeems a gift voucher (p_voucher_code). A new parameter: the old signature goes.
drop function public.register_for_event(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text, jsonb);
drop function private.book(uuid, text, text, text, text, text, uuid, integer, jsonb, text, integer, text, jsonb);
CREATE FUNCTION private.book(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, p_request_id uuid, p_persons integer, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer, p_discount_code text DEFAULT NULL::text, p_tickets jsonb DEFAULT NULL::jsonb, p_voucher_code text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_input record;
  v_event public.events%rowtype;
  v_availability public.event_availability;
  v_participant public.participants%rowtype;
  v_token record;
  v_answers jsonb;
  v_allowance integer;
  v_confirm_by_mail boolean;
  v_code public.discount_codes;
  v_owed integer;
  v_lines jsonb;
  v_gross integer;
  v_voucher public.gift_vouchers;
  v_voucher_cents integer := 0;
  v_id uuid := gen_random_uuid();
begin
  select * into v_input
  from private.checked_participant_input(p_name, p_email, p_phone, p_payment_method, p_notes);
  if p_persons is null or p_persons < 1 then
    raise exception 'INVALID_INPUT' using detail = 'persons';
  end if;
  select * into v_token from private.new_confirmation_token();

  -- A repeated request (double submit, retry after a lost answer) returns the first
  -- registration. The lock makes a concurrent twin wait for this transaction and then find
  -- its row; the unique key on request_id is the backstop.
  if p_request_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('register_for_event:' || p_request_id::text, 0));
    select * into v_participant from public.participants p where p.request_id = p_request_id;
    if found then
      if v_participant.event_id is distinct from p_event_id then
        raise exception 'INVALID_INPUT' using detail = 'request_id';
      end if;
      -- Only the hash of the first token is stored, so the repeat gets a fresh token (which
      -- replaces the first) unless the confirmation mail has already been sent.
      if v_participant.confirmation_sent_at is null then
        update public.participants p
        set confirmation_token_hash = v_token.token_hash
        where p.id = v_participant.id;
      else
        v_token.token := null;
      end if;
      return private.booking_receipt(v_participant.id, v_token.token);
    end if;
  end if;

  -- Registrations for one event queue here until the previous one has committed, so the
  -- seat count and the e-mail check below are exact. (No key update: does not block
  -- foreign-key checks.)
  v_event := private.lock_bookable_event(p_event_id, 'visitor');
  v_availability := public.availability(v_event);
  -- Persons: at most the event's per-booking limit, at most the seats left (DETAIL says how
  -- many, so the form can tell the visitor).
  if p_persons > v_event.max_persons_per_booking then
    raise exception 'TOO_MANY_PERSONS' using detail = v_event.max_persons_per_booking::text;
  end if;
  if p_persons > v_availability.seats_left then
    raise exception 'NOT_ENOUGH_SEATS' using detail = v_availability.seats_left::text;
  end if;
  -- Ticket types (issue 28): the counts per type, each within its own capacity; they sum to
  -- the persons. Without types every person pays the event's price.
  v_lines := private.checked_tickets(v_event, p_tickets);
  if v_lines is not null and private.lines_persons(v_lines) <> p_persons then
    raise exception 'INVALID_INPUT' using detail = 'tickets';
  end if;
  v_gross := case when v_lines is null then (round(v_event.price * 100))::integer * p_persons
                  else private.lines_gross_cents(v_lines) end;
  -- The constraint events_payment_methods_free_check already keeps 'free' off priced events;
  -- checked here too so a priced event (or priced tickets) can never be booked as free.
  if not (v_input.payment_method = any (v_event.payment_methods))
     or (v_input.payment_method = 'free' and (v_event.price <> 0 or v_gross <> 0)) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;
  -- The event's questions: required ones answered, choices among their options.
  v_answers := private.checked_answers(v_event.questions, p_answers);
  if exists (
    select 1
    from public.participants p
    where p.event_id = v_event.id
      and lower(p.email) = lower(v_input.email)
      and private.holds_seats(p.status)
  ) then
    raise exception 'ALREADY_REGISTERED';
  end if;
  -- A discount code (issue 28): checked and its use counted under the code's row lock, so
  -- concurrent bookings with the last use get it exactly once (DISCOUNT_CODE_USED_UP).
  if nullif(btrim(coalesce(p_discount_code, '')), '') is not null then
    v_code := private.checked_discount_code(v_event, p_discount_code, p_persons, true);
  end if;
  v_owed := private.owed_cents(v_gross, p_persons, 0, v_code.percent, v_code.amount_cents,
                               v_code.min_persons);
  -- A gift voucher (issue 28) pays what it can of the rest, under the voucher's row lock (taken
  -- after the event's, as every path does): two bookings with one voucher spend it once.
  if nullif(btrim(coalesce(p_voucher_code, '')), '') is not null then
    v_voucher := private.checked_gift_voucher(p_voucher_code, true);
    if v_owed <= 0 then
      raise exception 'GIFT_VOUCHER_NOT_NEEDED';
    end if;
    v_voucher_cents := least(v_voucher.balance_cents, v_owed);
  end if;
  -- Persons per client address and event (issue 25), counted last so that a booking refused
  -- for any other reason costs the address nothing, and in this transaction so that a booking
  -- that fails later gives its persons back by rolling back. Without a key (the service role
  -- booking for itself, a waiting-list claim of seats offered to it) nothing is counted.
  if p_address_key is not null then
    v_allowance := private.persons_allowance(v_event, p_persons_per_address);
    if not public.take_rate_limit_units(
      'persons:' || p_address_key || ':event:' || v_event.id::text, p_persons, v_allowance,
      private.persons_allowance_window_seconds()
    ) then
      raise exception 'ADDRESS_PERSONS_LIMIT' using detail = v_allowance::text;
    end if;
  end if;

  -- A visitor's booking of more than private.address_confirm_above_persons() persons paid on
  -- site or by invoice is held until confirmed by the link in its mail (issue 25): nothing else
  -- ends a booking nobody pays in advance, so unconfirmed it frees its seats after
  -- private.address_confirm_hold(). Only the visitor path (an address key) is held: a
  -- waiting-list claim (no key) and the team's bookings are confirmed at once. A fondue hut
  -- evening is held whatever the group size: one booking takes the whole evening (issue 27).
  v_confirm_by_mail := p_address_key is not null
    and v_input.payment_method in ('onsite', 'invoice')
    and (p_persons > private.address_confirm_above_persons() or v_event.category = 'fondue');

  -- The tickets first (their key on the booking is deferred), so that the mails and the invoice
  -- the booking's insert queues read them.
  if v_lines is not null then
    perform private.write_booking_tickets(v_id, v_lines);
  end if;
  -- The voucher's payment too (its key on the booking is deferred): the confirmation mail shows
  -- it and asks only for the rest.
  if v_voucher.id is not null then
    perform private.redeem_gift_voucher(v_id, v_voucher, v_voucher_cents);
  end if;
  -- The reference comes from participants_set_reference; the mails from the outbox trigger
  -- (this insert carries a confirmation token; for a booking held for confirmation the trigger
  -- mints the confirm link's token); the payment hold from its trigger.
  insert into public.participants (
    id, event_id, name, email, phone, status, payment_method, notes, request_id,
    confirmation_token_hash, persons, answers, hold_expires_at,
    discount_code_id, code_percent, code_amount_cents, code_min_persons
  )
  values (
    v_id, v_event.id, v_input.name, v_input.email, v_input.phone,
    case
      -- Nothing to pay online (a code or a voucher covers the whole price): booked at once.
      when v_input.payment_method = 'stripe' and v_owed - v_voucher_cents > 0 then 'held'
      when v_confirm_by_mail then 'held'
      else 'confirmed'
    end,
    v_input.payment_method, v_input.notes, p_request_id, v_token.token_hash, p_persons, v_answers,
    case when v_confirm_by_mail then private.now() + private.address_confirm_hold() end,
    v_code.id, v_code.percent, v_code.amount_cents, v_code.min_persons
  )
  returning * into v_participant;

  -- A waiting-list claim books with its entry's id as request id.
  perform private.write_history(
    v_participant.id, null, case when exists (
      select 1 from public.waitlist_entries w where w.id = p_request_id
    ) then 'waitlist_claimed' else 'booked' end, 'visitor',
    (private.booking_money(v_participant.id)).owed_cents
  );
  return private.booking_receipt(v_participant.id, v_token.token);
end;
$function$;

revoke all on function private.book(uuid,text,text,text,text,text,uuid,integer,jsonb,text,integer,text,jsonb,text) from public;

CREATE FUNCTION public.register_for_event(p_event_id uuid, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text DEFAULT ''::text, p_request_id uuid DEFAULT NULL::uuid, p_persons integer DEFAULT 1, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer, p_discount_code text DEFAULT NULL::text, p_tickets jsonb DEFAULT NULL::jsonb, p_voucher_code text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.book(
    p_event_id, p_name, p_email, p_phone, p_payment_method, p_notes, p_request_id, p_persons,
    p_answers, p_address_key, p_persons_per_address, p_discount_code, p_tickets, p_voucher_code
  )
$function$;
revoke all on function public.register_for_event(uuid,text,text,text,text,text,uuid,integer,jsonb,text,integer,text,jsonb,text) from anon, authenticated, public;

-- A refund of a voucher's part credits the voucher (refund kind 'voucher_return').
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
    if v_payment.method = 'voucher' then
      -- A gift voucher's part goes back to the voucher (issue 28), at once: its balance up under
      -- the voucher's row lock, and a mail saying where the money went.
      update public.gift_vouchers g set balance_cents = g.balance_cents + v_part
       where g.id = (select y.gift_voucher_id from public.payments y where y.id = v_payment.id);
      insert into public.refund_requests (participant_id, booking_change_id, kind, amount_cents,
        payment_id, reason, created_by, notify, state, done_at)
      values (p_participant_id, p_change_id, 'voucher_return', v_part, v_payment.id,
        coalesce(p_reason, ''), v_user, p_notify, 'done', now())
      returning * into v_request;
      perform private.queue_refund_mail(v_request);
    elsif v_payment.method in ('card', 'twint') and v_payment.provider_reference like 'pi\_%' then
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
  -- A voucher's return is no money paid out: no credit note for it.
  if p_request.kind = 'voucher_return' and (not p_request.notify or v_email is null) then
    return;
  end if;
  if not p_request.notify or v_email is null then
    perform private.issue_receipt(gen_random_uuid(), 'credit_note', p_request.participant_id, null, v_payload);
    return;
  end if;
  perform private.enqueue_mail('refund_issued', v_email, v_payload, p_request.participant_id);
end;
$function$;

CREATE OR REPLACE FUNCTION private.booking_money(p_participant_id uuid, OUT owed_cents integer, OUT paid_cents integer, OUT refunded_cents integer, OUT balance_cents integer, OUT open_cents integer, OUT excess_cents integer, OUT needs_review boolean, OUT paid_method text)
 RETURNS record
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.owed,
         m.paid,
         r.refunded,
         m.paid - r.refunded,
         greatest(o.owed - (m.paid - r.refunded), 0),
         greatest((m.paid - r.refunded) - o.owed, 0),
         m.review,
         m.last_method
    from public.participants p
    join public.events e on e.id = p.event_id
   cross join lateral (
     -- A cancelled booking owes its cancellation fee (0 unless a late hut cancellation).
     select case when private.holds_seats(p.status)
                 then private.owed_cents(private.booking_gross_cents(p.id), p.persons, p.discount_cents, p.code_percent,
                                         p.code_amount_cents, p.code_min_persons)
                 else p.cancellation_fee_cents end as owed
   ) o
   cross join lateral (
     select coalesce(sum(y.amount_cents) filter (where y.state = 'succeeded'), 0)::integer as paid,
            coalesce(bool_or(y.state = 'mismatch'), false) as review,
            -- The way the booking was paid: the last payment, a voucher's only when nothing else paid.
            (array_agg(y.method order by y.method = 'voucher', y.created_at desc, y.id)
              filter (where y.state = 'succeeded'))[1] as last_method
       from public.payments y
      where y.participant_id = p.id
   ) m
   cross join lateral (select private.refunded_cents(p.id) as refunded) r
   where p.id = p_participant_id
$function$;

-- What gift vouchers pay of a booking now: their payments less their returns.
create function private.booking_voucher_cents(p_participant_id uuid)
 returns integer
 language sql
 stable security definer
 set search_path to ''
as $function$
  select (coalesce((select sum(y.amount_cents) from public.payments y
                     where y.participant_id = p_participant_id and y.method = 'voucher' and y.state = 'succeeded'), 0)
        - coalesce((select sum(r.amount_cents) from public.refund_requests r
                     where r.participant_id = p_participant_id and r.kind = 'voucher_return'), 0))::integer
$function$;
revoke all on function private.booking_voucher_cents(uuid) from public;

CREATE OR REPLACE FUNCTION private.booking_mail_payload(p_participant_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'participant', jsonb_build_object(
      -- What gift vouchers paid (issue 28, less what went back to them) and what is left to pay;
      -- null without a voucher.
      'voucher', (select jsonb_build_object('cents', v.cents, 'openCents', m.open_cents)
                    from (select private.booking_voucher_cents(p.id) as cents) v where v.cents > 0),
      'id', p.id,
      'reference', p.reference,
      'name', p.name,
      'email', p.email,
      'phone', p.phone,
      'paymentMethod', p.payment_method,
      'paymentStatus', private.payment_word(p.id),
      'status', p.status,
      'paidMethod', m.paid_method,
      'notes', p.notes,
      'persons', p.persons,
      'answers', p.answers,
      -- The tickets per type (issue 28): [{name, persons, price_cents}], null without types.
      'tickets', private.booking_ticket_lines(p.id),
      -- The discount code booked with (issue 28): the mails' total is the booking's own.
      'discount', case when p.discount_code_id is not null then jsonb_build_object(
        'code', (select c.code from public.discount_codes c where c.id = p.discount_code_id),
        'cents', private.code_discount_cents(private.booking_gross_cents(p.id), p.persons, p.code_percent, p.code_amount_cents,
                                             p.code_min_persons),
        'totalCents', private.owed_cents(private.booking_gross_cents(p.id), p.persons, 0, p.code_percent, p.code_amount_cents,
                                         p.code_min_persons)
      ) end
    ),
    'event', jsonb_build_object(
      'title', e.title,
      'description', e.description,
      'startDate', e.start_date,
      'endDate', e.end_date,
      'startTime', to_char(e.start_time, 'HH24:MI'),
      'endTime', to_char(e.end_time, 'HH24:MI'),
      'location', e.location,
      'price', e.price,
      'bringAlong', e.bring_along
    ),
    'money', jsonb_build_object(
      'owedCents', m.owed_cents,
      'paidCents', m.paid_cents,
      'refundedCents', m.refunded_cents,
      'openCents', m.open_cents,
      'excessCents', m.excess_cents,
      'paidMethod', m.paid_method
    )
  )
  from public.participants p
  join public.events e on e.id = p.event_id
  cross join lateral private.booking_money(p.id) m
  where p.id = p_participant_id
$function$;

CREATE OR REPLACE FUNCTION private.release_hold(p_participant_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_before public.participants%rowtype;
begin
  select * into v_before from public.participants p where p.id = p_participant_id;
  if v_before.status <> 'held' or (private.booking_money(p_participant_id)).needs_review then
    return false;
  end if;
  update public.participants p
     set status = 'expired',
         hold_released_at = now(),
         checkout_url = null
   where p.id = p_participant_id;
  perform private.write_history(p_participant_id, v_before, 'hold_expired', 'system');
  -- A held booking has paid nothing but a gift voucher's part (a card payment confirms it): that
  -- goes back to the voucher.
  perform private.queue_refunds(p_participant_id, private.booking_voucher_cents(p_participant_id),
                                'Reservation abgelaufen', null, true, true);
  return true;
end;
$function$;

CREATE OR REPLACE FUNCTION public.admin_finance_report(p_from date, p_to date)
 RETURNS TABLE(scope text, month date, event_id uuid, event_title text, event_date date, booked_cents bigint, received_card_cents bigint, received_twint_cents bigint, received_invoice_cents bigint, received_onsite_cents bigint, received_cents bigint, refunded_cents bigint, open_cents bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_admin();
  perform private.check_finance_period(p_from, p_to);
  return query
  with facts as (
    select date_trunc('month', e.entry_date)::date as month, e.event_id,
           0::bigint as booked, 0::bigint as open,
           case when e.kind = 'payment' and e.method = 'card' then e.gross_cents else 0 end::bigint as card,
           case when e.kind = 'payment' and e.method = 'twint' then e.gross_cents else 0 end::bigint as twint,
           case when e.kind = 'payment' and e.method = 'invoice' then e.gross_cents else 0 end::bigint as invoice,
           case when e.kind = 'payment' and e.method = 'onsite' then e.gross_cents else 0 end::bigint as onsite,
           -- A voucher's return went back to the voucher, not out of the till.
           case when e.method = 'voucher' then 0 else e.refund_cents end::bigint as refunded
      from private.finance_entries(p_from, p_to) e
    union all
    select date_trunc('month', (p.created_at at time zone 'Europe/Zurich'))::date, p.event_id,
           m.owed_cents::bigint, m.open_cents::bigint, 0, 0, 0, 0, 0
      from public.participants p
     cross join lateral private.booking_money(p.id) m
     where (p.created_at at time zone 'Europe/Zurich')::date between p_from and p_to
       and (m.owed_cents > 0 or m.open_cents > 0)
  ),
  grouped as (
    select case when grouping(f.month) = 0 then 'month'
                when grouping(f.event_id) = 0 then 'event'
                else 'total' end as scope,
           f.month, f.event_id,
           sum(f.booked)::bigint as booked, sum(f.card)::bigint as card, sum(f.twint)::bigint as twint,
           sum(f.invoice)::bigint as invoice, sum(f.onsite)::bigint as onsite,
           sum(f.refunded)::bigint as refunded, sum(f.open)::bigint as open
      from facts f
     group by grouping sets ((f.month), (f.event_id), ())
  )
  select g.scope, g.month, g.event_id, ev.title, ev.start_date,
         g.booked, g.card, g.twint, g.invoice, g.onsite,
         g.card + g.twint + g.invoice + g.onsite, g.refunded, g.open
    from grouped g
    left join public.events ev on ev.id = g.event_id
   order by case g.scope when 'month' then 0 when 'event' then 1 else 2 end,
            g.month, ev.start_date, ev.title;
end;
$function$;

-- A voucher's return mail carries no credit note (no money went out).
drop trigger mail_outbox_attach_receipt on public.mail_outbox;
CREATE TRIGGER mail_outbox_attach_receipt BEFORE INSERT ON public.mail_outbox FOR EACH ROW
  WHEN ((new.kind = ANY (ARRAY['payment_receipt'::text, 'refund_issued'::text])) AND new.participant_id IS NOT NULL
        AND coalesce(new.payload #>> '{refund,method}', '') <> 'voucher')
  EXECUTE FUNCTION private.mail_outbox_attach_receipt();

-- The hut's booking redeems a gift voucher too (its group price takes no discount code).
drop function public.book_hut_evening(date, text, text, text, text, text, uuid, integer, jsonb, text, integer);
CREATE FUNCTION public.book_hut_evening(p_day date, p_name text, p_email text, p_phone text, p_payment_method text, p_notes text DEFAULT ''::text, p_request_id uuid DEFAULT NULL::uuid, p_persons integer DEFAULT 2, p_answers jsonb DEFAULT '{}'::jsonb, p_address_key text DEFAULT NULL::text, p_persons_per_address integer DEFAULT NULL::integer, p_voucher_code text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_hut record;
  v_event_id uuid;
begin
  if p_day is null then
    raise exception 'INVALID_INPUT' using detail = 'day';
  end if;
  -- A repeated request returns the first booking (private.book finds it). The same lock as
  -- private.book's makes a concurrent twin wait and then find the first row.
  if p_request_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('register_for_event:' || p_request_id::text, 0));
    select p.event_id into v_event_id from public.participants p where p.request_id = p_request_id;
    if found then
      return private.book(v_event_id, p_name, p_email, p_phone, p_payment_method, p_notes,
        p_request_id, p_persons, p_answers, p_address_key, p_persons_per_address);
    end if;
  end if;

  -- One booking per evening: bookings (and blocks) of one day queue here, so the state below is
  -- exact and the day's event is created once.
  perform pg_advisory_xact_lock(hashtextextended('hut_evening:' || p_day::text, 0));
  select * into v_hut from private.hut_settings();
  case private.hut_evening_state(p_day)
    when 'past' then raise exception 'HUT_EVENING_PAST';
    when 'outside_season' then raise exception 'HUT_OUTSIDE_SEASON';
    when 'closed' then raise exception 'HUT_CLOSED_DAY' using detail = extract(isodow from p_day)::text;
    when 'blocked' then raise exception 'HUT_EVENING_BLOCKED';
    when 'booked' then raise exception 'HUT_EVENING_BOOKED';
    else null;
  end case;
  if p_persons is null or p_persons < v_hut.min_persons or p_persons > v_hut.max_persons then
    raise exception 'HUT_GROUP_SIZE' using detail = v_hut.min_persons || '-' || v_hut.max_persons;
  end if;
  if p_payment_method is null or not (p_payment_method = any (v_hut.payment_methods)) then
    raise exception 'PAYMENT_METHOD_NOT_ALLOWED';
  end if;
  v_event_id := private.hut_evening_event(p_day, p_persons);
  return private.book(v_event_id, p_name, p_email, p_phone, p_payment_method, p_notes,
    p_request_id, p_persons, p_answers, p_address_key, p_persons_per_address, null, null, p_voucher_code);
end;
$function$;
revoke all on function public.book_hut_evening(date,text,text,text,text,text,uuid,integer,jsonb,text,integer,text) from anon, authenticated, public;
