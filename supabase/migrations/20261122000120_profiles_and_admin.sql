-- Who is an admin: profiles.is_admin, read through is_admin().

-- Security definer: policies call it for every role, and the caller may not read profiles
-- itself. Fixed search_path so that no object the caller creates can be picked up instead.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.profiles p where p.id = (select auth.uid())),
    false
  )
$$;

comment on function public.is_admin() is 'True when the signed-in user''s profile has is_admin.';

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- Every auth user gets a profile (not an admin); admin rights are granted by an admin or
-- with the service role, never by the user.
create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id) values (new.id) on conflict (id) do nothing;
  return new;
end;
$$;

revoke all on function private.create_profile_for_new_user() from public;

create trigger on_auth_user_created_create_profile
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- Users that existed before this migration (e.g. a hosted project with accounts).
insert into public.profiles (id)
select u.id from auth.users u
on conflict (id) do nothing;
