-- One clock for every time-dependent rule, which tests can move.
--
-- Deadlines, reminders, expiries and retention rules read private.now() instead of now(). In
-- production private.clock stays empty and private.now() is now(). Tests (through the local
-- stack's POST /__stack/clock, or directly as the database owner) store a shift, so "30 hours
-- before the evening" or "3 days after the due date" is reached without waiting. The table lives
-- in the private schema: neither the API nor a signed-in user can read or write it.

create table private.clock (
  singleton boolean primary key default true check (singleton),
  shift interval not null
);

alter table private.clock enable row level security;

comment on table private.clock is
  'Empty in production. A test sets one row to move private.now() (and every rule reading it) by shift.';

create function private.now()
returns timestamptz
language sql
stable
set search_path to ''
as $$
  select now() + coalesce((select c.shift from private.clock c), interval '0')
$$;

revoke all on function private.now() from public;

comment on function private.now() is
  'The time every rule reads: now(), moved by private.clock when a test sets it.';

create or replace function private.today_in_zurich()
returns date
language sql
stable
set search_path to ''
as $$
  select (private.now() at time zone 'Europe/Zurich')::date
$$;
