-- Helpers used by the tables, triggers and functions of the later migrations.
--
-- Internal helpers live in the schema `private`, which the API does not expose and the API
-- roles cannot use: they can only run as part of a trigger or a public function.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to service_role;

-- ---------------------------------------------------------------------------------------------
-- updated_at, kept by trigger on every table
-- ---------------------------------------------------------------------------------------------

create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Slugs. src/lib/slug.ts implements the same rules in TypeScript (tests/db/slug-parity.test.ts):
-- umlauts spelled out (ä -> ae), common accents dropped, ASCII lower-cased, everything except
-- a-z 0-9 _ whitespace and '-' removed, runs of whitespace/hyphens -> one hyphen, trimmed.
-- Written without locale-dependent functions (lower(), \s, \w) so that it gives the same
-- answer on every database, whatever its collation.
-- ---------------------------------------------------------------------------------------------

create or replace function public.slugify(p_title text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select trim(both '-' from
    regexp_replace(
      regexp_replace(
        translate(
          translate(
            replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
              normalize(p_title, nfc),
              'Ä', 'ae'), 'ä', 'ae'), 'Ö', 'oe'), 'ö', 'oe'), 'Ü', 'ue'), 'ü', 'ue'), 'ß', 'ss'),
              'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'),
            'ÀÁÂÃÅàáâãåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕØòóôõøÙÚÛùúûÇçÑñÝýÿ',
            'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUuuuCcNnYyy'),
          'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
          'abcdefghijklmnopqrstuvwxyz'),
        '[^a-z0-9_ \t\n\r\f\v\u00a0-]', '', 'g'),
      '([ \t\n\r\f\v\u00a0]|-)+', '-', 'g'))
$$;

comment on function public.slugify(text) is
  'URL slug of a title; same rules as slugify() in src/lib/slug.ts. May return an empty string.';

-- A slug not used by another row of the table: base, base-2, base-3 ...
-- Security definer so that the check sees every row, whatever the caller may read.
create or replace function private.unique_slug(p_table regclass, p_base text, p_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_candidate text := p_base;
  v_suffix integer := 1;
  v_taken boolean;
begin
  -- Two writers deriving the same base wait for each other instead of both taking it.
  perform pg_advisory_xact_lock(hashtextextended(p_table::text || ':' || p_base, 0));
  loop
    execute format('select exists (select 1 from %s where slug = $1 and id is distinct from $2)', p_table)
      into v_taken
      using v_candidate, p_id;
    exit when not v_taken;
    v_suffix := v_suffix + 1;
    v_candidate := p_base || '-' || v_suffix;
  end loop;
  return v_candidate;
end;
$$;

revoke all on function private.set_updated_at() from public;
revoke all on function private.unique_slug(regclass, text, uuid) from public;
revoke all on function public.slugify(text) from public;
grant execute on function public.slugify(text) to anon, authenticated, service_role;
