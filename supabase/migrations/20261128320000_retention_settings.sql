-- Retention rules the provider adjusts in 'Einstellungen' (issue 30), within floors the law and the
-- running of the business set, and read by the privacy page, which prints each rule's days.
--
-- min_days is the shortest a rule may be: the books must be kept ten years (Art. 958f OR); a
-- visitor who says "no mail came" within a week is answered from the outbox; an enquiry or a
-- participant's contact is still needed for a month of follow-up questions and refunds. A rule
-- without a limit (kept while its owner exists) has no floor and cannot be given one here.
alter table public.retention_rules add column min_days integer;

update public.retention_rules
   set min_days = case key
     when 'mail_payload' then 7
     when 'enquiry' then 30
     when 'newsletter_unconfirmed' then 1
     when 'waitlist' then 0
     when 'participant_contact' then 30
     when 'admin_message' then 0
     when 'bookkeeping' then 3650
   end
 where keep_days is not null;

alter table public.retention_rules
  add constraint retention_rules_limit_check check ((keep_days is null) = (min_days is null)),
  add constraint retention_rules_min_days_check check (keep_days >= min_days);

comment on column public.retention_rules.min_days is
  'The shortest keep_days the provider may set (law or operations; docs/privacy.md); null for rules without a limit.';

-- The privacy page prints the limits, so everyone may read them; only admins change keep_days.
drop policy "Admins read the retention rules" on public.retention_rules;
create policy "Everyone reads how long data is kept" on public.retention_rules
  for select to anon, authenticated using (true);
grant select (key, keep_days) on public.retention_rules to anon;

-- A changed limit changes the prerendered privacy page: rebuild it like a changed public setting.
create trigger retention_rules_site_rebuild after update on public.retention_rules
  for each row when (old.keep_days is distinct from new.keep_days)
  execute function private.request_site_rebuild();

comment on table public.retention_rules is
  'How long each kind of personal data is kept (docs/privacy.md). Everyone reads the limits (the privacy page prints them); admins change keep_days in Einstellungen, not below min_days.';
