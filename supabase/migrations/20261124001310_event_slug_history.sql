-- Links that never break (issue 14): an event's slug changes with its title or date, so every
-- slug it had before is kept here, and public.current_event_slug(old) answers the slug an old
-- link should now lead to. The pages look the slug up in events first and ask this only when
-- none matches, then redirect.

create table public.event_slug_history (
  -- A slug the event had before; unique: one old link leads to one event.
  slug text primary key,
  event_id uuid not null references public.events (id) on delete cascade,
  created_at timestamptz not null default now(),

  constraint event_slug_history_slug_check check (char_length(slug) between 1 and 300)
);

comment on table public.event_slug_history is
  'Earlier slugs of events, so old links redirect to the current one (public.current_event_slug).';

create index event_slug_history_event_id_idx on public.event_slug_history (event_id);

-- Nobody reads or writes the table through the API: visitors ask current_event_slug, the
-- trigger below writes it. Admins may read it.
alter table public.event_slug_history enable row level security;
revoke all on public.event_slug_history from anon, authenticated;
grant select on public.event_slug_history to authenticated;
grant select, insert, update, delete on public.event_slug_history to service_role;

create policy "Admins read the slug history"
  on public.event_slug_history for select
  to authenticated
  using ((select public.is_admin()));

-- Keeps the history when a slug changes: the old slug points to this event (also if another
-- event had it before), and a slug that is current again is no longer "old".
create or replace function private.events_remember_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.slug is not null and old.slug <> '' then
    insert into public.event_slug_history (slug, event_id)
    values (old.slug, new.id)
    on conflict (slug) do update set event_id = excluded.event_id, created_at = now();
  end if;
  delete from public.event_slug_history h where h.slug = new.slug;
  return null;
end;
$$;

revoke all on function private.events_remember_slug() from public;

-- Not "update of slug": the slug is changed by a BEFORE trigger, not by the statement's SET list.
create trigger events_remember_slug
  after update on public.events
  for each row
  when (old.slug is distinct from new.slug)
  execute function private.events_remember_slug();

-- A slug that takes over a former slug of another event is current: remove it from the history
-- when an event is created with it.
create or replace function private.events_claim_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.event_slug_history h where h.slug = new.slug;
  return null;
end;
$$;

revoke all on function private.events_claim_slug() from public;

create trigger events_claim_slug
  after insert on public.events
  for each row
  execute function private.events_claim_slug();

-- The current slug of the published event that once had p_slug; null when none (unknown slug,
-- or the event is not published). Security definer: visitors may not read the history itself,
-- only follow an old link.
create or replace function public.current_event_slug(p_slug text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select e.slug
  from public.event_slug_history h
  join public.events e on e.id = h.event_id
  where h.slug = p_slug and e.status = 'published'
$$;

comment on function public.current_event_slug(text) is
  'Where an old event link leads now: the current slug of the published event that had p_slug.';

revoke all on function public.current_event_slug(text) from public;
grant execute on function public.current_event_slug(text) to anon, authenticated, service_role;
