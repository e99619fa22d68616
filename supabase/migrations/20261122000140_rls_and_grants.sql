-- Row-level security and grants.
--
-- Trust model: visitors (anon) and signed-in non-admins read published events, published blog
-- posts and their own profile; nothing else. Admins (is_admin()) do everything the admin area
-- does. Registrations and every change to capacity or payment state go through the SQL
-- functions of the next migrations. service_role (edge functions, scripts) bypasses RLS.
--
-- Supabase grants every privilege on new public tables to anon and authenticated by default;
-- we revoke that and grant exactly what the policies below need, so that a forgotten policy
-- fails closed twice over. Policies call (select auth.uid()) / (select public.is_admin()) so
-- Postgres evaluates them once per statement, not once per row.

alter table public.events enable row level security;
alter table public.participants enable row level security;
alter table public.blog_posts enable row level security;
alter table public.profiles enable row level security;
alter table public.enquiries enable row level security;
alter table public.newsletter_subscriptions enable row level security;

revoke all on table
  public.events, public.participants, public.blog_posts, public.profiles,
  public.enquiries, public.newsletter_subscriptions
from public, anon, authenticated;

grant all on table
  public.events, public.participants, public.blog_posts, public.profiles,
  public.enquiries, public.newsletter_subscriptions
to service_role;

-- ---------------------------------------------------------------------------------------------
-- events: published rows for everyone, everything for admins
-- ---------------------------------------------------------------------------------------------

grant select on table public.events to anon, authenticated;
grant insert, update, delete on table public.events to authenticated;

create policy "Published events are public; admins see all"
  on public.events for select
  to anon, authenticated
  using (status = 'published' or (select public.is_admin()));

create policy "Admins create events"
  on public.events for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins change events"
  on public.events for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins delete events"
  on public.events for delete
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- participants: admins only (visitors register through register_for_event())
-- ---------------------------------------------------------------------------------------------

grant select, insert, update, delete on table public.participants to authenticated;

create policy "Admins read participants"
  on public.participants for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins add participants"
  on public.participants for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins change participants"
  on public.participants for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins delete participants"
  on public.participants for delete
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- blog_posts: published rows for everyone, everything for admins
-- ---------------------------------------------------------------------------------------------

grant select on table public.blog_posts to anon, authenticated;
grant insert, update, delete on table public.blog_posts to authenticated;

create policy "Published posts are public; admins see all"
  on public.blog_posts for select
  to anon, authenticated
  using (status = 'published' or (select public.is_admin()));

create policy "Admins create posts"
  on public.blog_posts for insert
  to authenticated
  with check ((select public.is_admin()));

create policy "Admins change posts"
  on public.blog_posts for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins delete posts"
  on public.blog_posts for delete
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- profiles: own row readable; rows are created by trigger; only an admin changes another
-- user's is_admin (nobody their own). No insert or delete through the API.
-- ---------------------------------------------------------------------------------------------

grant select on table public.profiles to authenticated;
grant update (is_admin) on table public.profiles to authenticated;

create policy "Users read their own profile; admins read all"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

create policy "Admins change other users' admin rights"
  on public.profiles for update
  to authenticated
  using ((select public.is_admin()) and id <> (select auth.uid()))
  with check ((select public.is_admin()) and id <> (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- enquiries and newsletter_subscriptions: written by edge functions (service role); admins
-- may read, update and delete them.
-- ---------------------------------------------------------------------------------------------

grant select, update, delete on table public.enquiries to authenticated;
grant select, update, delete on table public.newsletter_subscriptions to authenticated;

create policy "Admins read enquiries"
  on public.enquiries for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins change enquiries"
  on public.enquiries for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins delete enquiries"
  on public.enquiries for delete
  to authenticated
  using ((select public.is_admin()));

create policy "Admins read newsletter subscriptions"
  on public.newsletter_subscriptions for select
  to authenticated
  using ((select public.is_admin()));

create policy "Admins change newsletter subscriptions"
  on public.newsletter_subscriptions for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins delete newsletter subscriptions"
  on public.newsletter_subscriptions for delete
  to authenticated
  using ((select public.is_admin()));
