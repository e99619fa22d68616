-- The bank import (issue 29) stores who paid and what they wrote: on the personal-data map
-- (issue 30), kept as bookkeeping records like the payments they belong to.
insert into public.personal_data_map (table_name, column_name, purpose, rule_key) values
  ('public.bank_entries', 'debtor_name', 'Name der zahlenden Person aus der Bankdatei (Zahlungsnachweis)', 'bookkeeping'),
  ('public.bank_entries', 'remittance', 'Zahlungszweck aus der Bankdatei (kann Namen enthalten)', 'bookkeeping'),
  ('public.bank_entries', 'note', 'Vermerk zur Zuordnung einer Bankgutschrift', 'bookkeeping'),
  ('public.bank_imports', 'file_name', 'Name der hochgeladenen Bankdatei (Nachweis des Imports)', 'bookkeeping');
