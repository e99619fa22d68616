-- The admin's inbox (issue 16): enquiries can be marked as handled, a mail the outbox gave up on
-- can be queued again, and the admin navigation shows how many of each need attention.
-- Lists are read through RLS (admins read enquiries, sign-ups and the outbox); every change
-- goes through the functions below, which check is_admin() (private.require_admin) first.

alter table public.enquiries add column handled_at timestamptz;

comment on column public.enquiries.handled_at is
  'When an admin marked the enquiry as handled (null: open). Set by admin_set_enquiry_handled.';

-- The navigation's count and the 'Offen' filter read the open ones.
create index enquiries_open_idx on public.enquiries (created_at desc) where handled_at is null;
-- The navigation's count of mails the outbox gave up on.
create index mail_outbox_failed_idx on public.mail_outbox (created_at desc) where state = 'failed';

-- ---------------------------------------------------------------------------------------------
-- Marking an enquiry handled (or open again)
-- ---------------------------------------------------------------------------------------------

create or replace function public.admin_set_enquiry_handled(p_enquiry_id uuid, p_handled boolean)
returns public.enquiries
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_enquiry public.enquiries%rowtype;
begin
  perform private.require_admin();
  if p_handled is null then
    raise exception 'INVALID_INPUT' using detail = 'handled';
  end if;
  update public.enquiries q
     -- Marking an already handled enquiry again keeps the first time.
     set handled_at = case when p_handled then coalesce(q.handled_at, now()) end
   where q.id = p_enquiry_id
  returning * into v_enquiry;
  if not found then
    raise exception 'ENQUIRY_NOT_FOUND';
  end if;
  return v_enquiry;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- 'Erneut senden': a failed mail gets a fresh series of tries
-- ---------------------------------------------------------------------------------------------

-- Only a failed mail (never one that is queued, being sent or delivered, so nothing goes out
-- twice). It keeps its id, which is the provider's idempotency key: the provider never accepted
-- it, so the key is unused. The count of tries goes on (the admin sees all of them); the limit
-- moves so that the mail gets as many new tries as a new one.
create or replace function public.admin_retry_mail(p_mail_id uuid)
returns public.mail_outbox
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_mail public.mail_outbox%rowtype;
begin
  perform private.require_admin();
  select * into v_mail from public.mail_outbox o where o.id = p_mail_id for update;
  if not found then
    raise exception 'MAIL_NOT_FOUND';
  end if;
  if v_mail.state <> 'failed' then
    raise exception 'MAIL_NOT_FAILED';
  end if;

  update public.mail_outbox o
     set state = 'queued',
         max_attempts = o.attempts + 10,
         next_attempt_at = now(),
         locked_until = null
   where o.id = p_mail_id
  returning * into v_mail;

  -- The enquiry's mirror of its notice's state (record_outbox_attempt keeps it).
  if v_mail.kind = 'enquiry_notice' then
    update public.enquiries q
       set mail_status = 'pending', mail_error = null
     where q.id = v_mail.enquiry_id;
  end if;
  perform private.kick_outbox();
  return v_mail;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Counts for the admin navigation
-- ---------------------------------------------------------------------------------------------

create or replace function public.admin_inbox_counts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return jsonb_build_object(
    'open_enquiries', (select count(*) from public.enquiries q where q.handled_at is null),
    'failed_mails', (select count(*) from public.mail_outbox o where o.state = 'failed')
  );
end;
$$;

revoke all on function public.admin_set_enquiry_handled(uuid, boolean) from public, anon;
revoke all on function public.admin_retry_mail(uuid) from public, anon;
revoke all on function public.admin_inbox_counts() from public, anon;
grant execute on function public.admin_set_enquiry_handled(uuid, boolean) to authenticated, service_role;
grant execute on function public.admin_retry_mail(uuid) to authenticated, service_role;
grant execute on function public.admin_inbox_counts() to authenticated, service_role;
