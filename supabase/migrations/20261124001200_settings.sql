-- Settings the provider changes in the admin area ('Einstellungen') without a developer
-- (issue 17): the fondue season and the fondue prices, read by /fonduehusli.
--
-- One row per setting. Which keys exist and what shape each value has is fixed here: a key is
-- added by a migration, its value is changed by an admin. Every value is checked by the
-- database (private.setting_value_is_valid), so the page never reads a malformed price or
-- date, whatever client wrote it.
--
-- Access: everyone reads the public settings (is_public); admins read all and change values;
-- nobody creates or deletes rows through the API.

-- A 'YYYY-MM-DD' JSON string as a date; null when it is anything else (or not a real day).
create or replace function private.setting_date(value jsonb)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  text_value text;
  day date;
begin
  if value is null or jsonb_typeof(value) <> 'string' then
    return null;
  end if;
  text_value := value #>> '{}';
  if text_value !~ '^\d{4}-\d{2}-\d{2}$' then
    return null;
  end if;
  begin
    day := text_value::date;
  exception when others then
    return null;
  end;
  return day;
end;
$$;

-- A price in CHF: a JSON number above 0, at most 10 000, in whole Rappen.
create or replace function private.setting_price_is_valid(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    jsonb_typeof(value) = 'number'
      and (value #>> '{}')::numeric > 0
      and (value #>> '{}')::numeric <= 10000
      and scale((value #>> '{}')::numeric) <= 2,
    false)
$$;

-- Exactly these keys, no others.
create or replace function private.jsonb_has_keys(value jsonb, keys text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(value) = 'object'
    and (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(value) k)
      = (select array_agg(k order by k) from unnest(keys) k)
$$;

-- security definer: the check constraint runs it as the writing admin, who has no access to the
-- private schema of the helpers it calls.
create or replace function private.setting_value_is_valid(setting_key text, value jsonb)
returns boolean
language plpgsql
immutable
security definer
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
    else
      return false;
  end case;
end;
$$;

revoke all on function private.setting_date(jsonb) from public;
revoke all on function private.setting_price_is_valid(jsonb) from public;
revoke all on function private.jsonb_has_keys(jsonb, text[]) from public;
revoke all on function private.setting_value_is_valid(text, jsonb) from public;
grant execute on function private.setting_value_is_valid(text, jsonb) to authenticated;

create table public.settings (
  key text primary key,
  value jsonb not null,
  is_public boolean not null default false,
  updated_at timestamptz not null default now(),
  constraint settings_value_valid check (private.setting_value_is_valid(key, value))
);

comment on table public.settings is
  'Values the provider changes in the admin area (Einstellungen); keys and shapes are fixed by migrations.';

create trigger settings_set_updated_at
before update on public.settings
for each row
execute function private.set_updated_at();

-- A public setting is part of prerendered pages: a change rebuilds the site like an event does.
create trigger settings_site_rebuild
after update on public.settings
for each row
when (old.is_public or new.is_public)
execute function private.request_site_rebuild();

alter table public.settings enable row level security;
revoke all on table public.settings from public, anon, authenticated;
grant all on table public.settings to service_role;
grant select on table public.settings to anon, authenticated;
-- Only the value: key and visibility are the migration's business.
grant update (value) on table public.settings to authenticated;

create policy "Public settings are public; admins read all"
  on public.settings for select
  to anon, authenticated
  using (is_public or (select public.is_admin()));

create policy "Admins change settings"
  on public.settings for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- The facts of spec §9 as the starting values: the season the spec names (no end given) and
-- its prices. The provider keeps them current in 'Einstellungen'.
insert into public.settings (key, value, is_public) values
  ('fondue_season', '{"start": "2025-10-16", "end": null}', true),
  ('fondue_prices', '{"two": 90, "three_to_four": 85, "five_to_six": 80}', true);
