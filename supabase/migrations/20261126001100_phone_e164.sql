-- Phone numbers in E.164 (docs/data-model.md, "Phone numbers (E.164)").
--
-- The forms and the edge functions check a visitor's phone with libphonenumber-js and send it in
-- E.164 ('+41791234567'). The database cannot run that library; it normalises what any caller
-- sends to the same form by a coarser rule (separators dropped, 00 -> +, a leading 0 is a Swiss
-- number) and refuses what does not then look like E.164, so no write path (admin functions, the
-- waiting list, a future caller) stores a phone in another shape. Rows stored before are
-- normalised by the same rule where it applies.
--
-- No table constraint: a row from before that the rule cannot normalise (a few digits without a
-- country) would fail a NOT VALID constraint on every later update (payment status, check-in).
-- Every phone a visitor or an admin sends passes private.checked_participant_input.

-- The number in E.164 (+ and 7 to 15 digits), or null.
create or replace function private.e164_phone(p_phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when normalised ~ '^\+[1-9][0-9]{6,14}$' then normalised end
  from (
    select case
      when digits like '00%' then '+' || substr(digits, 3)
      when digits like '0%' then '+41' || substr(digits, 2)
      else digits
    end as normalised
    from (select regexp_replace(btrim(coalesce(p_phone, '')), '[ ()./-]', '', 'g') as digits) typed
  ) rule;
$$;

revoke all on function private.e164_phone(text) from public;

-- Same checks as 20261125001400, with the phone normalised to E.164.
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
  phone := private.e164_phone(p_phone);
  payment_method := btrim(coalesce(p_payment_method, ''));
  notes := btrim(coalesce(p_notes, ''));

  if name = '' or char_length(name) > 200 then
    raise exception 'INVALID_INPUT' using detail = 'name';
  end if;
  if char_length(email) > 254 or email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;
  if phone is null then
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

-- Rows from before: normalised where the rule applies, left as typed otherwise.
update public.participants
set phone = private.e164_phone(phone)
where private.e164_phone(phone) is not null and phone <> private.e164_phone(phone);

update public.waitlist_entries
set phone = private.e164_phone(phone)
where private.e164_phone(phone) is not null and phone <> private.e164_phone(phone);
