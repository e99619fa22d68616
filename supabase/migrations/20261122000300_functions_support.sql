-- Support for the edge functions (supabase/functions): rate limiting and the bookkeeping that
-- makes the confirmation mail go out exactly once. Runs after the schema migrations
-- (20261122000100-199), which create participants, enquiries and newsletter_subscriptions.

-- ---------------------------------------------------------------------------------------------
-- Rate limits: fixed-window counters shared by every function instance
-- ---------------------------------------------------------------------------------------------

create table if not exists public.function_rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (key, window_start)
);

comment on table public.function_rate_limits is
  'Request counters of the public edge functions, one row per key (e.g. contact:ip:<addr>) and fixed window.';

create index if not exists function_rate_limits_window_start_idx on public.function_rate_limits (window_start);

alter table public.function_rate_limits enable row level security;
-- No policies: only the service role (which bypasses RLS) and the function below touch it.
revoke all on public.function_rate_limits from anon, authenticated;
grant select, insert, update, delete on public.function_rate_limits to service_role;

-- Counts one hit for p_key and says whether it is still within p_limit for the window that
-- the key's first hit opened (p_window_seconds long; the next hit after it opens a new one).
-- Anchoring the window at the first hit, not at the clock, means a burst cannot straddle a
-- boundary to get twice the limit. The advisory lock serialises the hits of one key, so two
-- first requests cannot both open a window and no count is lost.
create or replace function public.hit_rate_limit(p_key text, p_limit integer, p_window_seconds integer)
returns boolean
language plpgsql
volatile
security definer
set search_path = public, pg_temp
as $$
declare
  v_hits integer;
begin
  if p_key is null or p_key = '' or p_limit < 1 or p_window_seconds < 1 then
    raise exception 'INVALID_INPUT' using detail = 'hit_rate_limit needs a key, a limit and a window';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('hit_rate_limit:' || p_key, 0));

  update public.function_rate_limits
     set hits = hits + 1
   where key = p_key
     and window_start > now() - make_interval(secs => p_window_seconds)
  returning hits into v_hits;

  if not found then
    -- Old windows are useless; dropping them here keeps the table small without a scheduler.
    delete from public.function_rate_limits
     where key = p_key or window_start < now() - interval '1 day';
    insert into public.function_rate_limits (key, window_start, hits) values (p_key, now(), 1);
    v_hits := 1;
  end if;

  return v_hits <= p_limit;
end;
$$;

revoke all on function public.hit_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Confirmation mail: sent once per participant
-- ---------------------------------------------------------------------------------------------

alter table public.participants add column if not exists confirmation_email_id text;
alter table public.participants add column if not exists confirmation_claimed_at timestamptz;

comment on column public.participants.confirmation_email_id is
  'Id the mail provider gave the confirmation mail; answered again to repeated calls.';
comment on column public.participants.confirmation_claimed_at is
  'Set while send-confirmation-email is sending, so two simultaneous calls cannot both mail.';

-- Claims the right to send the confirmation mail. Only one caller wins: the row must not be
-- sent yet and not claimed by someone else within the last two minutes (a crashed sender's
-- claim expires, so the mail can still go out later).
create or replace function public.claim_confirmation_mail(p_participant_id uuid)
returns boolean
language sql
volatile
security definer
set search_path = public, pg_temp
as $$
  with claimed as (
    update public.participants
       set confirmation_claimed_at = now()
     where id = p_participant_id
       and confirmation_sent_at is null
       and (confirmation_claimed_at is null or confirmation_claimed_at < now() - interval '2 minutes')
    returning 1
  )
  select exists (select 1 from claimed);
$$;

revoke all on function public.claim_confirmation_mail(uuid) from public, anon, authenticated;
grant execute on function public.claim_confirmation_mail(uuid) to service_role;
