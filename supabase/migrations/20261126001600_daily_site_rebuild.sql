-- Rebuild the static site once a day, right after midnight in Zurich (issue 17, 'Facts that
-- agree'). Prerendered pages tell what was true on the day of their build: the fondue season
-- ('Saisonstart' before the start day, 'Die Saison läuft' after it), the next Stammtisch and the
-- event lists (events from today on). Builds start when an event or a public setting changes
-- (20261124000500, 20261124001200), but a date passing changes no row. After hydration the
-- browser shows today's state anyway; the daily build keeps the HTML (no JavaScript, crawlers,
-- the first paint) from lagging more than a day.
--
-- The post itself moves into one function, shared by the row triggers and the daily job.

create or replace function private.post_site_build_hook(body jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook_url text;
begin
  if to_regclass('vault.decrypted_secrets') is null
    or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return;
  end if;
  -- Dynamic SQL: vault and net exist only where the extensions are installed.
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1'
    into hook_url
    using 'site_build_hook_url';
  if coalesce(hook_url, '') = '' then
    return;
  end if;
  execute 'select net.http_post(url := $1, body := $2)' using hook_url, body;
end;
$$;

revoke all on function private.post_site_build_hook(jsonb) from public;

-- Same behaviour as before (20261124000500); the body now names the table that changed.
create or replace function private.request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.post_site_build_hook(jsonb_build_object('source', tg_table_name, 'operation', tg_op));
  return null;
end;
$$;

revoke all on function private.request_site_rebuild() from public;

-- Supabase Cron runs in UTC: the job runs hourly and builds only in the hour after midnight in
-- Zurich, summer and winter. p_now is for tests.
create or replace function private.request_daily_site_rebuild(p_now timestamptz default now())
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if extract(hour from p_now at time zone 'Europe/Zurich') <> 0 then
    return;
  end if;
  perform private.post_site_build_hook(jsonb_build_object('source', 'daily'));
end;
$$;

revoke all on function private.request_daily_site_rebuild(timestamptz) from public;

select private.schedule_job('daily-site-rebuild', '5 * * * *', 'select private.request_daily_site_rebuild()');
