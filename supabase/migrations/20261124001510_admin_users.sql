-- Admin users (issue 16, 'Benutzer'): list the accounts, grant and revoke admin rights, invite
-- a colleague by e-mail. The invitation mail goes through the outbox; the colleague signs up
-- (spec §6: a sign-up confirms its e-mail and then needs an admin to grant rights).
--
-- The rule "there is always at least one admin" lives in a trigger on profiles, so it holds for
-- every path that changes is_admin (these functions, the profiles update policy, the service
-- role), and under concurrency: see private.guard_admin_rights.

-- ---------------------------------------------------------------------------------------------
-- Mail kinds of the admin tools. Added to whatever kinds the constraint allows at this point
-- (other migrations add their own), so the order of migrations cannot drop anybody's kind.
-- ---------------------------------------------------------------------------------------------

do $$
declare
  v_kinds text[];
begin
  select array_agg(distinct m[1] order by m[1])
    into v_kinds
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') as m
   where c.conrelid = 'public.mail_outbox'::regclass and c.conname = 'mail_outbox_kind_check';
  v_kinds := array(
    select distinct k from unnest(coalesce(v_kinds, '{}') || array['admin_invitation', 'participant_message']) as k
    order by k
  );
  alter table public.mail_outbox drop constraint if exists mail_outbox_kind_check;
  execute format(
    'alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind = any (%L::text[]))',
    v_kinds
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Since when an account is admin
-- ---------------------------------------------------------------------------------------------

alter table public.profiles add column admin_since timestamptz;

comment on column public.profiles.admin_since is
  'When the account got admin rights (null when not admin); kept by private.guard_admin_rights.';

-- Admins that existed before: the best we know is the profile's last change.
update public.profiles set admin_since = updated_at where is_admin and admin_since is null;

-- Keeps admin_since, and refuses to take the rights of the last admin. Revocations take one
-- transaction-scoped lock, so two admins revoking each other at the same time are serialised:
-- the second sees the first's revocation (a new snapshot per statement in read committed) and
-- is refused.
create or replace function private.guard_admin_rights()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if new.is_admin and not old.is_admin then
    new.admin_since := now();
  elsif old.is_admin and not new.is_admin then
    perform pg_advisory_xact_lock(hashtext('public.profiles.is_admin'));
    if not exists (select 1 from public.profiles p where p.is_admin and p.id <> new.id) then
      raise exception 'LAST_ADMIN' using detail = 'At least one admin must remain.';
    end if;
    new.admin_since := null;
  end if;
  return new;
end;
$$;

revoke all on function private.guard_admin_rights() from public;

create trigger profiles_guard_admin_rights
  before update of is_admin on public.profiles
  for each row
  when (old.is_admin is distinct from new.is_admin)
  execute function private.guard_admin_rights();

-- ---------------------------------------------------------------------------------------------
-- Invitations
-- ---------------------------------------------------------------------------------------------

create table public.admin_invitations (
  id uuid primary key default gen_random_uuid(),
  -- Stored trimmed and lower-cased, like the sign-up compares it.
  email text not null,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint admin_invitations_email_key unique (email),
  constraint admin_invitations_email_check
    check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
      and email = lower(btrim(email)))
);

comment on table public.admin_invitations is
  'Colleagues invited to the admin area (the invitation mail is in mail_outbox); admins read.';

create index admin_invitations_invited_by_idx on public.admin_invitations (invited_by);

create trigger admin_invitations_set_updated_at before update on public.admin_invitations
  for each row execute function private.set_updated_at();

alter table public.admin_invitations enable row level security;
revoke all on public.admin_invitations from anon, authenticated;
grant select on public.admin_invitations to authenticated;
grant select, insert, update, delete on public.admin_invitations to service_role;

create policy "Admins read invitations"
  on public.admin_invitations for select
  to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Every account with its admin state; invitations not yet taken up are in admin_invitations.
create or replace function public.admin_list_users()
returns table (
  id uuid,
  email text,
  email_confirmed boolean,
  is_admin boolean,
  admin_since timestamptz,
  created_at timestamptz,
  last_sign_in_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select u.id, u.email::text, u.email_confirmed_at is not null, p.is_admin, p.admin_since,
         u.created_at, u.last_sign_in_at
    from auth.users u
    join public.profiles p on p.id = u.id
   order by p.is_admin desc, lower(u.email);
end;
$$;

-- Grants or revokes admin rights of another account (nobody changes their own, as the profiles
-- policy says; the last admin is protected by the trigger above).
create or replace function public.admin_set_admin(p_user_id uuid, p_is_admin boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_is_admin is null then
    raise exception 'INVALID_INPUT' using detail = 'is_admin';
  end if;
  if p_user_id = (select auth.uid()) then
    raise exception 'OWN_RIGHTS';
  end if;
  update public.profiles p set is_admin = p_is_admin where p.id = p_user_id;
  if not found then
    raise exception 'USER_NOT_FOUND';
  end if;
end;
$$;

-- Invites a colleague: the invitation row and its mail in one transaction. Inviting the same
-- address again sends a new mail. An address that already has an account is refused: grant
-- the rights in the list instead.
create or replace function public.admin_invite_user(p_email text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_inviter text;
  v_id uuid;
begin
  perform private.require_admin();
  if char_length(v_email) > 254 or v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'INVALID_INPUT' using detail = 'email';
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = v_email) then
    raise exception 'USER_EXISTS';
  end if;
  select u.email into v_inviter from auth.users u where u.id = (select auth.uid());

  insert into public.admin_invitations (email, invited_by)
  values (v_email, (select auth.uid()))
  on conflict (email) do update set invited_by = excluded.invited_by, created_at = now()
  returning id into v_id;

  perform private.enqueue_mail(
    'admin_invitation',
    v_email,
    jsonb_build_object('email', v_email, 'invitedBy', coalesce(v_inviter, ''))
  );
  return v_id;
end;
$$;

revoke all on function public.admin_list_users() from public, anon;
revoke all on function public.admin_set_admin(uuid, boolean) from public, anon;
revoke all on function public.admin_invite_user(text) from public, anon;
grant execute on function public.admin_list_users() to authenticated, service_role;
grant execute on function public.admin_set_admin(uuid, boolean) to authenticated, service_role;
grant execute on function public.admin_invite_user(text) to authenticated, service_role;
