-- The map of personal data (issue 30): one row per table column that holds personal data, with
-- its purpose and the retention rule that ends it. public.unlisted_personal_columns() compares the
-- catalog with the map, so a new column that looks personal (name, e-mail, phone, address, note,
-- message, answer, ip, ...) cannot land without a decision about why it is kept and for how long
-- (tests/db/personal-data-map.test.ts). Branches that add tables add their rows here.

create table public.retention_rules (
  key text primary key check (key ~ '^[a-z][a-z0-9_]*$'),
  label text not null check (btrim(label) <> '' and char_length(label) <= 200),
  -- How long the data is kept after the rule's starting point (description says which), in days;
  -- null = kept while the thing it belongs to exists (an admin account, the provider's address).
  keep_days integer check (keep_days between 0 and 36500),
  description text not null check (btrim(description) <> '' and char_length(description) <= 1000),
  updated_at timestamptz not null default now()
);

alter table public.retention_rules enable row level security;

comment on table public.retention_rules is
  'How long each kind of personal data is kept (docs/privacy.md). Admins read and change keep_days in Einstellungen.';

insert into public.retention_rules (key, label, keep_days, description) values
  ('mail_payload', 'Versendete E-Mails', 30,
   'Nach dem Versand bleiben Art, Empfänger-Prüfsumme, Status und Zeiten; Inhalt und Adresse werden nach dieser Frist gelöscht.'),
  ('enquiry', 'Erledigte Anfragen', 365,
   'Kontakt- und Firmenanfragen werden diese Frist nach der Erledigung anonymisiert.'),
  ('newsletter_unconfirmed', 'Unbestätigte Newsletter-Anmeldungen', 30,
   'Anmeldungen, die nicht bestätigt wurden, werden nach dieser Frist gelöscht.'),
  ('newsletter_subscribed', 'Newsletter-Abonnements', null,
   'Bis zur Abmeldung.'),
  ('waitlist', 'Wartelisten-Einträge', 0,
   'Wartelisten-Einträge werden diese Frist nach dem Ende des Anlasses gelöscht.'),
  ('participant_contact', 'Kontaktdaten und Antworten von Teilnehmenden', 730,
   'E-Mail, Telefon, Bemerkungen und Antworten werden diese Frist nach dem Anlass entfernt.'),
  ('bookkeeping', 'Buchhaltungsdaten', 3650,
   'Buchungsnummer, Beträge, Daten, Zahlungen und der Name auf der Rechnung bleiben diese Frist nach dem Anlass (Aufbewahrungspflicht), dann werden sie anonymisiert.'),
  ('admin_account', 'Administrationskonten', null,
   'Solange die Person Zugang zur Administration hat.'),
  ('provider', 'Angaben des Anbieters', null,
   'Name, Adresse und Konto des Anbieters auf Rechnungen; keine Daten von Besucherinnen und Besuchern.'),
  ('admin_message', 'Nachrichten an Teilnehmende', 730,
   'Betreff und Text von Nachrichten an Teilnehmende eines Anlasses, diese Frist nach dem Anlass.');

create table public.personal_data_map (
  table_name text not null check (table_name ~ '^(public|private)\.[a-z_][a-z0-9_]*$'),
  column_name text not null check (column_name ~ '^[a-z_][a-z0-9_]*$'),
  purpose text not null check (btrim(purpose) <> '' and char_length(purpose) <= 500),
  rule_key text not null references public.retention_rules (key),
  primary key (table_name, column_name)
);

create index personal_data_map_rule_key_idx on public.personal_data_map (rule_key);

alter table public.personal_data_map enable row level security;

comment on table public.personal_data_map is
  'Every column holding personal data, why and by which retention rule. public.unlisted_personal_columns() must stay empty.';

insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.participants', 'name', 'Name der buchenden Person, für Teilnahmeliste und Rechnung', 'bookkeeping'),
  ('public.participants', 'email', 'Bestätigung, Änderungen und Erinnerungen zur Buchung', 'participant_contact'),
  ('public.participants', 'phone', 'Rückfragen zur Buchung', 'participant_contact'),
  ('public.participants', 'notes', 'Bemerkungen der buchenden Person', 'participant_contact'),
  ('public.participants', 'answers', 'Antworten auf die Fragen des Anlasses', 'participant_contact'),
  ('public.booking_history', 'actor_name', 'Wer eine Buchung geändert hat (Nachvollziehbarkeit)', 'bookkeeping'),
  ('public.booking_history', 'note', 'Begründung einer Änderung an der Buchung', 'bookkeeping'),
  ('public.payments', 'note', 'Notiz zur Zahlung (kann den Namen der zahlenden Person enthalten)', 'bookkeeping'),
  ('public.refund_requests', 'reason', 'Begründung einer Rückerstattung', 'bookkeeping'),
  ('public.waitlist_entries', 'name', 'Name auf der Warteliste', 'waitlist'),
  ('public.waitlist_entries', 'email', 'Benachrichtigung, wenn ein Platz frei wird', 'waitlist'),
  ('public.waitlist_entries', 'phone', 'Rückfragen zur Warteliste', 'waitlist'),
  ('public.waitlist_entries', 'answers', 'Antworten auf die Fragen des Anlasses', 'waitlist'),
  ('public.enquiries', 'name', 'Name in der Anfrage', 'enquiry'),
  ('public.enquiries', 'email', 'Antwort auf die Anfrage', 'enquiry'),
  ('public.enquiries', 'subject', 'Betreff der Anfrage', 'enquiry'),
  ('public.enquiries', 'message', 'Inhalt der Anfrage', 'enquiry'),
  ('public.newsletter_subscriptions', 'email', 'Versand des Newsletters', 'newsletter_subscribed'),
  ('public.mail_outbox', 'recipient', 'Zustellung der E-Mail', 'mail_payload'),
  ('public.mail_outbox', 'subject', 'Betreff der E-Mail', 'mail_payload'),
  ('public.mail_outbox', 'payload', 'Inhalt der E-Mail (Namen, Adressen, Antworten, Nachrichten)', 'mail_payload'),
  ('public.admin_invitations', 'email', 'Einladung in die Administration', 'admin_account'),
  ('public.participant_messages', 'subject', 'Betreff einer Nachricht an Teilnehmende', 'admin_message'),
  ('public.participant_messages', 'body', 'Text einer Nachricht an Teilnehmende', 'admin_message'),
  ('public.invoice_creditor', 'name', 'Rechnungssteller auf QR-Rechnungen', 'provider'),
  ('public.invoice_creditor', 'street', 'Adresse des Rechnungsstellers', 'provider'),
  ('public.invoice_creditor', 'building_number', 'Adresse des Rechnungsstellers', 'provider'),
  ('public.invoice_creditor', 'postal_code', 'Adresse des Rechnungsstellers', 'provider'),
  ('public.invoice_creditor', 'city', 'Adresse des Rechnungsstellers', 'provider'),
  ('public.invoice_creditor', 'iban', 'Konto des Rechnungsstellers', 'provider');

create policy "Admins read the retention rules" on public.retention_rules
  for select to authenticated using ((select public.is_admin()));

create policy "Admins change how long data is kept" on public.retention_rules
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "Admins read the personal data map" on public.personal_data_map
  for select to authenticated using ((select public.is_admin()));

revoke all on public.retention_rules from anon, authenticated;
grant select on public.retention_rules to authenticated;
grant update (keep_days) on public.retention_rules to authenticated;
revoke all on public.personal_data_map from anon, authenticated;
grant select on public.personal_data_map to authenticated;

create trigger retention_rules_set_updated_at before update on public.retention_rules
  for each row execute function private.set_updated_at();

-- Columns of the project's tables that look personal by name (or by type: inet) and are not on
-- the map. Text-like columns only: an integer 'recipients' count or a uuid 'invited_by' holds no
-- name, and an '..._id' or '..._hash' column (confirmation_email_id: the mail provider's id) holds
-- an identifier, not the data. The map itself and the rules are exempt (their texts name kinds of
-- data, not people).
create function public.unlisted_personal_columns()
returns table (table_name text, column_name text, data_type text)
language sql
stable
set search_path to ''
as $$
  select n.nspname || '.' || c.relname, a.attname::text, format_type(a.atttypid, a.atttypmod)
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname in ('public', 'private')
    and c.relkind in ('r', 'p')
    and a.attnum > 0 and not a.attisdropped
    and c.relname not in ('personal_data_map', 'retention_rules', 'error_codes')
    and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    and (
      a.atttypid = 'inet'::regtype
      or (
        a.atttypid in ('text'::regtype, 'character varying'::regtype, 'jsonb'::regtype, 'json'::regtype,
                       'text[]'::regtype)
        and a.attname ~ ('(^|_)(name|names|first_name|last_name|full_name|email|emails|e_mail|phone|mobile|'
                         || 'telephone|tel|address|street|city|postal_code|zip|iban|note|notes|message|messages|'
                         || 'body|subject|answer|answers|ip|recipient|payload|reason|comment|comments|birthday|'
                         || 'birth_date|payer|debtor|buyer|html|text_body|rendered)(_|$)')
        and a.attname !~ '_(id|hash)$'
      )
    )
    and not exists (
      select 1 from public.personal_data_map m
      where m.table_name = n.nspname || '.' || c.relname and m.column_name = a.attname
    )
  order by 1, 2
$$;

revoke all on function public.unlisted_personal_columns() from public, anon, authenticated;

comment on function public.unlisted_personal_columns() is
  'Columns that look personal but are not on public.personal_data_map; must be empty (tests/db/personal-data-map.test.ts).';
