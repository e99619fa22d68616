-- Proof of work for the public registration (issue 13, docs/deployment.md "Protection against
-- automation"):
--
-- * Visitors no longer call register_for_event directly: the edge function register-for-event
--   checks the ALTCHA challenge and the per-address limit first and calls it with the service
--   role.
-- * Used ALTCHA challenges are remembered until they expire, so a solution is accepted once.

-- Only the edge function (service role) may register: it verifies the proof-of-work challenge
-- and the per-address limit, which a direct call would skip. The signature is the newest one
-- (p_persons, migration 20261124001300); whoever redefines register_for_event with a new
-- signature must keep it closed to visitors (tests/db/catalog-lint.test.ts lists who may
-- execute what).
revoke all on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer)
  from public, anon, authenticated;
grant execute on function public.register_for_event(uuid, text, text, text, text, text, uuid, integer)
  to service_role;

-- ALTCHA: each challenge is accepted once

create table if not exists public.altcha_used_challenges (
  -- The challenge's SHA-256 (hex), as signed by the server: unique per issued challenge.
  challenge text primary key,
  expires_at timestamptz not null,
  used_at timestamptz not null default now(),
  constraint altcha_used_challenges_challenge_check check (challenge ~ '^[0-9a-f]{64}$')
);

comment on table public.altcha_used_challenges is
  'Proof-of-work challenges already accepted by an edge function, kept until they expire (replay protection).';

create index if not exists altcha_used_challenges_expires_at_idx
  on public.altcha_used_challenges (expires_at);

alter table public.altcha_used_challenges enable row level security;
-- No policies: only the service role (which bypasses RLS) and the function below touch it.
revoke all on public.altcha_used_challenges from anon, authenticated;
grant select, insert, update, delete on public.altcha_used_challenges to service_role;

-- Records a verified challenge as used. true the first time, false for a replay. Expired rows
-- are deleted on the way: an expired challenge fails verification anyway.
create or replace function public.use_altcha_challenge(p_challenge text, p_expires_at timestamptz)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_inserted integer;
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_expires_at is null then
    raise exception 'INVALID_INPUT' using detail = 'challenge';
  end if;

  delete from public.altcha_used_challenges where expires_at < now();

  insert into public.altcha_used_challenges (challenge, expires_at)
  values (p_challenge, p_expires_at)
  on conflict (challenge) do nothing;
  get diagnostics v_inserted = row_count;
  return v_inserted = 1;
end;
$$;

revoke all on function public.use_altcha_challenge(text, timestamptz) from public, anon, authenticated;
grant execute on function public.use_altcha_challenge(text, timestamptz) to service_role;
