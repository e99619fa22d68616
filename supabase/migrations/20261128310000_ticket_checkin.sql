-- Issue 28: QR tickets and check-in at the door.
--
-- Each booking's ticket code is 'T1-<id as 32 hex>-<HMAC-SHA256(secret, id), first 16 bytes, hex>',
-- upper case (QR alphanumeric mode). The secret is 32 random bytes in private.ticket_secret,
-- readable by no API role, so a code can neither be guessed nor derived from the reference or the
-- id alone. pgcrypto is not installed, so HMAC is built from the core sha256() (RFC 2104).

-- gen_random_uuid() carries 122 random bits from the OS's CSPRNG; four give 488.
create table private.ticket_secret (
  singleton boolean not null default true,
  secret bytea not null default decode(
    replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text
            || gen_random_uuid()::text, '-', ''), 'hex'),
  constraint ticket_secret_pkey PRIMARY KEY (singleton),
  constraint ticket_secret_singleton_check CHECK (singleton),
  constraint ticket_secret_secret_check CHECK (length(secret) >= 32)
);
alter table private.ticket_secret enable row level security;
comment on table private.ticket_secret is
  'The key that signs ticket codes (private.ticket_code). Made on first use (private.ticket_key), so every database gets its own; replacing it voids every printed ticket.';

-- The signing key, made on first use: a row inserted by the migration would not be part of the
-- generated schema (supabase/schemas), and a database built from it would have no key.
create or replace function private.ticket_key()
 returns bytea
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_secret bytea;
begin
  select s.secret into v_secret from private.ticket_secret s;
  if not found then
    insert into private.ticket_secret default values on conflict do nothing;
    select s.secret into v_secret from private.ticket_secret s;
  end if;
  return v_secret;
end;
$function$;
revoke all on function private.ticket_key() from public;

create or replace function private.hmac_sha256(p_key bytea, p_message bytea)
 returns bytea
 language plpgsql
 immutable strict
 set search_path to ''
as $function$
declare
  v_key bytea := p_key;
  v_ipad bytea;
  v_opad bytea;
begin
  if length(v_key) > 64 then
    v_key := sha256(v_key);
  end if;
  v_key := v_key || decode(repeat('00', 64 - length(v_key)), 'hex');
  v_ipad := v_key;
  v_opad := v_key;
  for i in 0..63 loop
    v_ipad := set_byte(v_ipad, i, get_byte(v_key, i) # 54);  -- 0x36
    v_opad := set_byte(v_opad, i, get_byte(v_key, i) # 92);  -- 0x5c
  end loop;
  return sha256(v_opad || sha256(v_ipad || p_message));
end;
$function$;
revoke all on function private.hmac_sha256(bytea, bytea) from public;

create or replace function private.ticket_signature(p_participant_id uuid)
 returns text
 language sql
 volatile
 security definer
 set search_path to ''
as $function$
  select upper(encode(substring(private.hmac_sha256(
           private.ticket_key(), convert_to('ticket:' || p_participant_id::text, 'UTF8')) from 1 for 16), 'hex'));
$function$;
revoke all on function private.ticket_signature(uuid) from public;

create or replace function private.ticket_code(p_participant_id uuid)
 returns text
 language sql
 volatile
 security definer
 set search_path to ''
as $function$
  select 'T1-' || upper(replace(p_participant_id::text, '-', '')) || '-'
         || private.ticket_signature(p_participant_id);
$function$;
revoke all on function private.ticket_code(uuid) from public;
comment on function private.ticket_code(uuid) is
  'The signed ticket code of a booking (the QR content). Server-side only: pages and mails get it from the booking''s own read paths.';

-- The booking a ticket code names, or null when the code is malformed or its signature is wrong.
-- The signatures are compared in constant time (every byte, no early exit).
create or replace function private.ticket_participant(p_code text)
 returns uuid
 language plpgsql
 volatile
 security definer
 set search_path to ''
as $function$
declare
  v_parts text[];
  v_id uuid;
  v_given bytea;
  v_expected bytea;
  v_diff integer := 0;
begin
  v_parts := regexp_match(upper(btrim(coalesce(p_code, ''))), '^T1-([0-9A-F]{32})-([0-9A-F]{32})$');
  if v_parts is null then
    return null;
  end if;
  v_id := v_parts[1]::uuid;
  v_given := decode(v_parts[2], 'hex');
  v_expected := decode(private.ticket_signature(v_id), 'hex');
  for i in 0..15 loop
    v_diff := v_diff | (get_byte(v_given, i) # get_byte(v_expected, i));
  end loop;
  return case when v_diff = 0 then v_id end;
end;
$function$;
revoke all on function private.ticket_participant(text) from public;

-- How many of a booking's persons are in. Null while checked in means all of them (the manual
-- tick, admin_set_checked_in, checks in the whole booking).
alter table public.participants add column checked_in_persons integer;
alter table public.participants add constraint participants_checked_in_persons_check
  check (checked_in_persons is null or (checked_in_persons >= 1 and checked_in_at is not null));
comment on column public.participants.checked_in_persons is
  'How many persons of the booking a ticket scan checked in (null with checked_in_at set: all). Set by admin_check_in_ticket.';

create or replace function public.admin_set_checked_in(p_participant_id uuid, p_present boolean)
 returns public.participants
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_before public.participants%rowtype;
  v_participant public.participants%rowtype;
begin
  perform private.require_admin();
  if p_present is null then
    raise exception 'INVALID_INPUT' using detail = 'present';
  end if;
  v_before := private.lock_booking(p_participant_id);
  if p_present and not private.holds_seats(v_before.status) then
    raise exception 'PARTICIPANT_CANCELLED';
  end if;
  -- The manual tick means the whole booking: a partial ticket scan becomes all persons.
  update public.participants p
     set checked_in_at = case when p_present then coalesce(p.checked_in_at, now()) end,
         checked_in_persons = null
   where p.id = p_participant_id
  returning * into v_participant;
  if (v_before.checked_in_at is null) = p_present then
    perform private.write_history(p_participant_id, v_before,
      case when p_present then 'checked_in' else 'checkin_undone' end, 'admin');
  end if;
  return v_participant;
end;
$function$;

-- A scan at the door. p_persons: how many come in now (null: all who are not in yet). Returns the
-- booking and, when everyone is already in, already_checked_in with the first check-in's time
-- (Zurich, 'HH24:MI') for "bereits eingecheckt um 18:42"; nothing changes then.
create or replace function public.admin_check_in_ticket(p_code text, p_persons integer default null)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_id uuid;
  v_before public.participants%rowtype;
  v_after public.participants%rowtype;
  v_in integer;
  v_now integer;
  v_already boolean;
begin
  perform private.require_admin();
  v_id := private.ticket_participant(p_code);
  if v_id is null then
    raise exception 'TICKET_INVALID';
  end if;
  begin
    v_before := private.lock_booking(v_id);
  exception when raise_exception then
    if sqlerrm = 'PARTICIPANT_NOT_FOUND' then
      raise exception 'TICKET_BOOKING_GONE';
    end if;
    raise;
  end;
  if v_before.anonymised_at is not null then
    raise exception 'TICKET_BOOKING_GONE';
  end if;
  if not private.holds_seats(v_before.status) then
    raise exception 'PARTICIPANT_CANCELLED';
  end if;
  v_in := case when v_before.checked_in_at is null then 0
               else coalesce(v_before.checked_in_persons, v_before.persons) end;
  v_already := v_in >= v_before.persons;
  v_after := v_before;
  if not v_already then
    v_now := coalesce(p_persons, v_before.persons - v_in);
    if v_now < 1 or v_now > v_before.persons - v_in then
      raise exception 'INVALID_INPUT' using detail = 'persons';
    end if;
    update public.participants p
       set checked_in_at = coalesce(p.checked_in_at, private.now()),
           checked_in_persons = v_in + v_now
     where p.id = v_id
    returning * into v_after;
    perform private.write_history(v_id, v_before, 'checked_in', 'admin',
      p_note => v_now || ' von ' || v_before.persons || ' Personen (Ticket)');
  end if;
  return jsonb_build_object(
    'participant_id', v_after.id,
    'event_id', v_after.event_id,
    'reference', v_after.reference,
    'name', v_after.name,
    'persons', v_after.persons,
    'checked_in_persons', coalesce(v_after.checked_in_persons, v_after.persons),
    'already_checked_in', v_already,
    'checked_in_at', v_after.checked_in_at,
    'checked_in_time', to_char(v_after.checked_in_at at time zone 'Europe/Zurich', 'HH24:MI'));
end;
$function$;
revoke all on function public.admin_check_in_ticket(text, integer) from public, anon;
grant execute on function public.admin_check_in_ticket(text, integer) to authenticated;

insert into public.error_codes (code, visitor_message, admin_message) values
  ('TICKET_INVALID', null,
   'Dieser Code ist kein gültiges Ticket (unbekannt oder verändert).'),
  ('TICKET_BOOKING_GONE', null,
   'Zu diesem Ticket gibt es keine Anmeldung mehr (gelöscht oder anonymisiert).');
