-- Supabase Cron (pg_cron), pg_net and Vault as a hosted project has them, for the stack to run:
-- the same schemas, tables, function signatures and privileges, so a migration that schedules a
-- job, queues an HTTP request or reads a secret runs unchanged here and on Supabase. The
-- extensions themselves are not available to embedded Postgres (`pg_available_extensions` does
-- not list them), so a migration's guarded `create extension` is skipped and finds these objects.
-- The stack's scheduler (tools/local-stack/cron/) runs due jobs and delivers queued requests.
--
-- Idempotent: applied to every database that does not have it yet, also to clusters created
-- before it existed.

-- ---------------------------------------------------------------------------------------------
-- cron (pg_cron 1.6)
-- ---------------------------------------------------------------------------------------------
create schema if not exists cron;

create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default inet_server_port(),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text
);
create unique index if not exists jobname_username_uniq on cron.job (jobname, username);

create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

-- pg_cron's schedules: five cron fields (minute hour day-of-month month day-of-week, with
-- `*`, lists, ranges, steps, names of months and days), `@hourly` and friends, `N seconds`.
create or replace function cron._valid_schedule(schedule text) returns boolean
language sql immutable
as $$
  select schedule ~* '^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$'
      or schedule ~* '^\s*@(yearly|annually|monthly|weekly|daily|midnight|hourly)\s*$'
      or schedule ~* '^\s*(\S+\s+){4}\S+\s*$'
         and not exists (
           select 1 from regexp_split_to_table(trim(schedule), '\s+') as field
            where field !~* '^((\*|[0-9a-z]+(-[0-9a-z]+)?)(/[0-9]+)?)(,(\*|[0-9a-z]+(-[0-9a-z]+)?)(/[0-9]+)?)*$'
         )
$$;

create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql
as $$
declare
  id bigint;
begin
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  -- Upsert by name and user, as pg_cron does: scheduling a name again replaces the job.
  update cron.job j set schedule = $2, command = $3, active = true
   where j.jobname = job_name and j.username = current_user
   returning j.jobid into id;
  if id is null then
    insert into cron.job (schedule, command, jobname) values ($2, $3, job_name) returning jobid into id;
  end if;
  return id;
end
$$;

create or replace function cron.schedule(schedule text, command text) returns bigint
language plpgsql
as $$
declare
  id bigint;
begin
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  insert into cron.job (schedule, command) values ($1, $2) returning jobid into id;
  return id;
end
$$;

create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql
as $$
declare
  id bigint;
begin
  delete from cron.job j where j.jobname = job_name and j.username = current_user returning j.jobid into id;
  if id is null then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;

create or replace function cron.unschedule(job_id bigint) returns boolean
language plpgsql
as $$
begin
  delete from cron.job j where j.jobid = job_id and j.username = current_user;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;

-- As on Supabase: only postgres manages jobs; the API roles have no access to the schema.
alter table cron.job enable row level security;
alter table cron.job_run_details enable row level security;
drop policy if exists cron_job_policy on cron.job;
create policy cron_job_policy on cron.job using (username = current_user);
drop policy if exists cron_job_run_details_policy on cron.job_run_details;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);
revoke all on schema cron from public, anon, authenticated, service_role;
revoke all on all tables in schema cron from public, anon, authenticated, service_role;
revoke all on all functions in schema cron from public, anon, authenticated, service_role;
grant usage on schema cron to postgres with grant option;
grant all on all tables in schema cron to postgres with grant option;
grant all on all sequences in schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;

-- ---------------------------------------------------------------------------------------------
-- net (pg_net 0.14): requests are queued in the transaction and sent after it by a worker
-- ---------------------------------------------------------------------------------------------
create schema if not exists net;

do $$
begin
  if to_regtype('net.http_method') is null then
    create domain net.http_method as text check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
  end if;
end
$$;

create unlogged table if not exists net.http_request_queue (
  id bigserial not null,
  method net.http_method not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

create or replace function net._with_params(url text, params jsonb) returns text
language sql immutable
as $$
  select case when params is null or params = '{}'::jsonb then url
    else url || case when url like '%?%' then '&' else '?' end || (
      select string_agg(
               replace(replace(replace(key, '%', '%25'), '&', '%26'), '=', '%3D') || '='
               || replace(replace(replace(replace(value, '%', '%25'), '&', '%26'), '=', '%3D'), ' ', '%20'),
               '&')
        from jsonb_each_text(params))
  end
$$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql
security definer
set search_path = net
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._with_params(url, params), coalesce(headers, '{}'::jsonb), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql
security definer
set search_path = net
as $$
declare
  request_id bigint;
  content_type text;
begin
  select value into content_type from jsonb_each_text(coalesce(headers, '{}'::jsonb))
   where lower(key) = 'content-type';
  -- pg_net sends the jsonb body as JSON and refuses to label it as anything else.
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._with_params(url, params), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql
security definer
set search_path = net
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('DELETE', net._with_params(url, params), coalesce(headers, '{}'::jsonb), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

-- As Supabase grants them (extensions.grant_pg_net_access): the request functions run as their
-- owner and every API role may call them; the queue and the responses stay with postgres.
revoke all on all tables in schema net from public, anon, authenticated, service_role;
revoke all on all functions in schema net from public;
grant usage on schema net to postgres, anon, authenticated, service_role;
grant execute on function net.http_get(text, jsonb, jsonb, integer),
  net.http_post(text, jsonb, jsonb, jsonb, integer),
  net.http_delete(text, jsonb, jsonb, integer)
  to postgres, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- vault (supabase_vault 0.3): secrets stored encrypted, read through vault.decrypted_secrets
-- ---------------------------------------------------------------------------------------------
create schema if not exists vault;

-- The local stand-in for Vault's root key (on Supabase it never leaves the server's key file).
create table if not exists vault._local_key (
  singleton boolean primary key default true check (singleton),
  key text not null default encode(extensions.gen_random_bytes(32), 'hex')
);
insert into vault._local_key default values on conflict do nothing;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea default extensions.gen_random_bytes(16),
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

create or replace function vault._encrypt(plain text) returns text
language sql volatile security definer set search_path = ''
as $$
  select encode(extensions.pgp_sym_encrypt(plain, (select key from vault._local_key)), 'base64')
$$;

create or replace function vault._decrypt(cipher text) returns text
language plpgsql stable security definer set search_path = ''
as $$
begin
  return extensions.pgp_sym_decrypt(decode(cipher, 'base64'), (select key from vault._local_key));
exception when others then
  return null; -- a row not written through create_secret/update_secret, as Vault would fail it
end
$$;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  id uuid;
begin
  insert into vault.secrets (secret, name, description, key_id)
  values (vault._encrypt(new_secret), new_name, coalesce(new_description, ''), new_key_id)
  returning vault.secrets.id into id;
  return id;
end
$$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update vault.secrets s
     set secret = coalesce(vault._encrypt(new_secret), s.secret),
         name = coalesce(new_name, s.name),
         description = coalesce(new_description, s.description),
         key_id = coalesce(new_key_id, s.key_id),
         updated_at = now()
   where s.id = secret_id;
end
$$;

create or replace view vault.decrypted_secrets as
  select s.id, s.name, s.description, s.secret, vault._decrypt(s.secret) as decrypted_secret,
         s.key_id, s.nonce, s.created_at, s.updated_at
    from vault.secrets s;

-- As on Supabase: postgres and service_role only; the API's anon and authenticated roles nothing.
revoke all on schema vault from public, anon, authenticated;
revoke all on all tables in schema vault from public, anon, authenticated, service_role;
revoke all on all functions in schema vault from public, anon, authenticated, service_role;
grant usage on schema vault to postgres, service_role;
grant select, delete on vault.secrets, vault.decrypted_secrets to postgres, service_role;
grant execute on function vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid)
  to postgres, service_role;
