-- Columns the database derives itself: slugs, the participant count and the sold-out flag,
-- the normalised newsletter e-mail. Whatever a client sends for them is overwritten.

-- ---------------------------------------------------------------------------------------------
-- Event slugs: the spec's rule, slugified title + '-dd-MM-yyyy' when the event has a start date
-- (eventSlug() in src/lib/slug.ts), made unique with -2, -3 ...
-- ---------------------------------------------------------------------------------------------

create or replace function public.event_slug(p_title text, p_start_date date)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(nullif(public.slugify(coalesce(p_title, '')), ''), 'event')
    || coalesce('-' || to_char(p_start_date, 'DD-MM-YYYY'), '')
$$;

comment on function public.event_slug(text, date) is
  'Slug of an event before de-duplication; same rules as eventSlug() in src/lib/slug.ts.';

revoke all on function public.event_slug(text, date) from public;
grant execute on function public.event_slug(text, date) to anon, authenticated, service_role;

-- The slug follows title and date; a slug sent by a client is ignored.
create or replace function private.events_set_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT'
    or new.title is distinct from old.title
    or new.start_date is distinct from old.start_date then
    new.slug := private.unique_slug('public.events', public.event_slug(new.title, new.start_date), new.id);
  else
    new.slug := old.slug;
  end if;
  return new;
end;
$$;

create trigger events_set_slug before insert or update on public.events
  for each row execute function private.events_set_slug();

-- ---------------------------------------------------------------------------------------------
-- current_participants = number of participants that are not cancelled, and is_sold_out.
--
-- The count is recomputed on every write to an event row, so no client can store another
-- value; a change to participants touches its event row(s) to trigger the recount. Running
-- in the row's BEFORE trigger means the row is already locked, so concurrent writers are
-- counted one after the other and each sees the others' committed participants.
--
-- is_sold_out is raised when the count reaches capacity (a registration took the last seat,
-- or capacity was lowered to the count). It is also a manual flag and is never cleared
-- automatically: after a cancellation the admin decides whether to reopen the event.
-- ---------------------------------------------------------------------------------------------

create or replace function private.events_count_participants()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.current_participants := (
    select count(*)
    from public.participants p
    where p.event_id = new.id and p.payment_status <> 'cancelled'
  );
  if tg_op = 'UPDATE'
    and new.current_participants >= new.max_participants
    and (new.current_participants > old.current_participants
      or new.max_participants < old.max_participants) then
    new.is_sold_out := true;
  end if;
  return new;
end;
$$;

create trigger events_count_participants before insert or update on public.events
  for each row execute function private.events_count_participants();

create or replace function private.participants_touch_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
    and new.event_id = old.event_id
    and (new.payment_status = 'cancelled') = (old.payment_status = 'cancelled') then
    return null;
  end if;
  -- A no-op assignment: events_count_participants recounts the row. On a cascading event
  -- delete the event is already gone and nothing is updated.
  update public.events e
  set current_participants = e.current_participants
  where e.id in (
    case when tg_op <> 'DELETE' then new.event_id end,
    case when tg_op <> 'INSERT' then old.event_id end
  );
  return null;
end;
$$;

create trigger participants_touch_event after insert or update or delete on public.participants
  for each row execute function private.participants_touch_event();

-- ---------------------------------------------------------------------------------------------
-- Blog post slugs: from the title when none is given; a given slug is normalised; unique.
-- Kept when the title changes, so published links stay valid.
-- ---------------------------------------------------------------------------------------------

create or replace function private.blog_posts_set_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.slug is distinct from old.slug then
    new.slug := private.unique_slug(
      'public.blog_posts',
      coalesce(nullif(public.slugify(coalesce(nullif(btrim(new.slug), ''), new.title)), ''), 'beitrag'),
      new.id
    );
  end if;
  return new;
end;
$$;

create trigger blog_posts_set_slug before insert or update on public.blog_posts
  for each row execute function private.blog_posts_set_slug();

-- ---------------------------------------------------------------------------------------------
-- Newsletter e-mails: trimmed and lower-cased, so that the unique key ignores case and an
-- upsert on email finds the existing row.
-- ---------------------------------------------------------------------------------------------

create or replace function private.newsletter_normalise_email()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end;
$$;

create trigger newsletter_subscriptions_normalise_email
  before insert or update on public.newsletter_subscriptions
  for each row execute function private.newsletter_normalise_email();

revoke all on function private.events_set_slug() from public;
revoke all on function private.events_count_participants() from public;
revoke all on function private.participants_touch_event() from public;
revoke all on function private.blog_posts_set_slug() from public;
revoke all on function private.newsletter_normalise_email() from public;
