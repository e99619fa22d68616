-- Names as names in the database too (issue 25). The edge functions and forms refuse a name that
-- does not read as one (nameProblem in supabase/functions/_common/contact-rules.ts); the database
-- keeps the same rule for every way in (register_for_event, join_waitlist, the admin's forms), so
-- a link or a message cannot be stored as a name and mailed back to the address typed with it.

create or replace function private.person_name_problem(p_name text)
returns text
language sql
immutable
set search_path to ''
as $function$
  select case
    when p_name is null or p_name = '' then 'empty'
    when char_length(p_name) > 100 then 'too_long'
    -- A letter first; then letters of any script, combining marks, spaces, dots, hyphens and
    -- apostrophes (' and ’). No digits, no '@', no ':' or '/', so no address or link.
    when p_name !~ '^[[:alpha:]][[:alpha:]\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f .''’-]*$' then 'not_a_name'
    -- A dot between a letter and two more letters reads as a domain ('evil.example').
    when p_name ~ '[[:alpha:]]\.[[:alpha:]]{2}' then 'not_a_name'
  end
$function$;

comment on function private.person_name_problem(text) is
  'Why a (trimmed) name does not read as a person''s name (empty, too_long, not_a_name), or null; the same rule as nameProblem in _common/contact-rules.ts.';

CREATE OR REPLACE FUNCTION private.checked_participant_input(p_name text, p_email text, p_phone text, p_payment_method text, p_notes text, OUT name text, OUT email text, OUT phone text, OUT payment_method text, OUT notes text)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  name := btrim(coalesce(p_name, ''));
  email := btrim(coalesce(p_email, ''));
  phone := private.e164_phone(p_phone);
  payment_method := btrim(coalesce(p_payment_method, ''));
  notes := btrim(coalesce(p_notes, ''));

  if private.person_name_problem(name) is not null then
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
$function$;
