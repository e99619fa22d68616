-- Rebuild the static site when what a visitor sees of an event changes (issue 12): event pages,
-- /events and the sitemap are prerendered at build time. A row trigger on public.events posts
-- to the static host's build hook (Netlify: Site configuration > Build & deploy > Build hooks)
-- through pg_net, asynchronously, so the writing transaction never waits for the host.
--
-- The hook URL is a secret (anyone holding it can start builds): it lives in Vault under the
-- name 'site_build_hook_url' (see docs/deployment.md). Without Vault, pg_net or the secret the
-- trigger does nothing, so local stacks and projects without a host keep working.
--
-- Booking counts (current_participants) change with every registration and are fetched by the
-- browser anyway; they do not start builds.

create or replace function private.request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook_url text;
begin
  if to_regclass('vault.decrypted_secrets') is null
    or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return null;
  end if;
  -- Dynamic SQL: vault and net exist only where the extensions are installed.
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1'
    into hook_url
    using 'site_build_hook_url';
  if coalesce(hook_url, '') = '' then
    return null;
  end if;
  execute 'select net.http_post(url := $1, body := $2)'
    using hook_url, jsonb_build_object('source', 'events', 'operation', tg_op);
  return null;
end;
$$;

revoke all on function private.request_site_rebuild() from public;

create trigger events_site_rebuild_insert
after insert on public.events
for each row
when (new.status = 'published')
execute function private.request_site_rebuild();

create trigger events_site_rebuild_delete
after delete on public.events
for each row
when (old.status = 'published')
execute function private.request_site_rebuild();

create trigger events_site_rebuild_update
after update on public.events
for each row
when (
  (old.status = 'published' or new.status = 'published')
  and (old.status, old.slug, old.title, old.subtitle, old.description, old.category, old.start_date,
       old.end_date, old.time, old.location, old.price, old.max_participants, old.image_url,
       old.payment_methods, old.is_sold_out, old.is_cancelled, old.bring_along)
      is distinct from
      (new.status, new.slug, new.title, new.subtitle, new.description, new.category, new.start_date,
       new.end_date, new.time, new.location, new.price, new.max_participants, new.image_url,
       new.payment_methods, new.is_sold_out, new.is_cancelled, new.bring_along)
)
execute function private.request_site_rebuild();
