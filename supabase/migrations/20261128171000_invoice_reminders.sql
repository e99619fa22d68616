-- Issue 29: unpaid invoices remind themselves. A daily job (private.now(), so tests move the
-- clock) sends one friendly reminder with the same QR bill a set number of days after the due
-- date, never after payment or cancellation; 'Mahnung fällig' shows the admin the bookings still
-- unpaid that long after the reminder; optionally the seats of invoices still wholly unpaid a set
-- number of days before the event are released through the state machine, with a mail.
-- The payment period itself stays invoice_creditor.payment_days ('Zahlungsfrist').

-- The setting 'invoice_reminders': {"reminder_days": 3, "release_days_before_event": null | n}.
-- (Redefined with every key as before: the integrator merges the keys other branches add.)
create or replace function private.setting_value_is_valid(setting_key text, value jsonb)
returns boolean
language plpgsql
immutable security definer
set search_path = ''
as $$
begin
  case setting_key
    -- {"start": "2026-10-15", "end": "2027-03-28" | null}: the end is optional (open season).
    when 'fondue_season' then
      return private.jsonb_has_keys(value, array['start', 'end'])
        and private.setting_date(value -> 'start') is not null
        and (
          jsonb_typeof(value -> 'end') = 'null'
          or private.setting_date(value -> 'end') >= private.setting_date(value -> 'start')
        );
    -- Price per person in CHF by group size.
    when 'fondue_prices' then
      return private.jsonb_has_keys(value, array['two', 'three_to_four', 'five_to_six'])
        and private.setting_price_is_valid(value -> 'two')
        and private.setting_price_is_valid(value -> 'three_to_four')
        and private.setting_price_is_valid(value -> 'five_to_six');
    -- VAT on receipts: the Swiss UID (CHE-123.456.789, shown with 'MWST') and the rate in percent.
    when 'vat' then
      if private.jsonb_has_keys(value, array['uid', 'rate_percent'])
         and jsonb_typeof(value -> 'uid') = 'null' and jsonb_typeof(value -> 'rate_percent') = 'null' then
        return true;
      end if;
      return private.jsonb_has_keys(value, array['uid', 'rate_percent'])
        and jsonb_typeof(value -> 'uid') = 'string'
        and (value ->> 'uid') ~ '^CHE-[0-9]{3}\.[0-9]{3}\.[0-9]{3}$'
        and jsonb_typeof(value -> 'rate_percent') = 'number'
        and (value ->> 'rate_percent')::numeric >= 0
        and (value ->> 'rate_percent')::numeric <= 100
        and scale((value ->> 'rate_percent')::numeric) <= 2;
    -- Unpaid invoices: the reminder so many days after the due date (1..60); the release of the
    -- seats so many days before the event (1..60), or null: never.
    -- The hut's evenings, group size, cancellation rule and payment methods (20261128165000).
    when 'fondue_hut' then
      return private.fondue_hut_setting_is_valid(value);
    when 'invoice_reminders' then
      return private.jsonb_has_keys(value, array['reminder_days', 'release_days_before_event'])
        and jsonb_typeof(value -> 'reminder_days') = 'number'
        and (value ->> 'reminder_days') ~ '^[0-9]+$'
        and (value ->> 'reminder_days')::integer between 1 and 60
        and (
          jsonb_typeof(value -> 'release_days_before_event') = 'null'
          or (
            jsonb_typeof(value -> 'release_days_before_event') = 'number'
            and (value ->> 'release_days_before_event') ~ '^[0-9]+$'
            and (value ->> 'release_days_before_event')::integer between 1 and 60
          )
        );
    else
      return false;
  end case;
end;
$$;

insert into public.settings (key, value, is_public)
values ('invoice_reminders', '{"reminder_days": 3, "release_days_before_event": null}', false)
on conflict (key) do nothing;

alter table public.participants add column invoice_reminded_at timestamp with time zone;

comment on column public.participants.invoice_reminded_at is
  'Invoice: when the payment reminder (mail invoice_reminder) was queued; set once, so there is never a second one (private.send_invoice_reminders).';

select private.add_mail_kinds(array['invoice_reminder']);

-- The reminder carries the same QR bill as the confirmation (same reference, amount, due date).
drop trigger mail_outbox_attach_invoice on public.mail_outbox;
create trigger mail_outbox_attach_invoice before insert on public.mail_outbox for each row
  when (new.kind = any (array['participant_confirmation', 'invoice_reminder']) and new.participant_id is not null)
  execute function private.mail_outbox_attach_invoice();

alter table public.booking_history drop constraint booking_history_action_check;
alter table public.booking_history add constraint booking_history_action_check check (action = any (array[
  'booked', 'payment_confirmed', 'payment_mismatch', 'payment_recorded', 'payment_accepted',
  'payment_rejected', 'cancelled_by_visitor', 'reduced_by_visitor', 'cancelled_by_staff',
  'refunded', 'refund_recorded', 'persons_changed', 'moved', 'reactivated', 'hold_expired',
  'waitlist_claimed', 'event_cancelled', 'contact_changed', 'checked_in', 'checkin_undone',
  'confirmed_by_visitor', 'invoice_reminded', 'invoice_released'
]));

create function private.invoice_reminder_rule(out reminder_days integer, out release_days integer)
returns record
language sql
stable security definer
set search_path = ''
as $$
  select coalesce((s.value ->> 'reminder_days')::integer, 3),
         (s.value ->> 'release_days_before_event')::integer
    from (select 1) one
    left join public.settings s on s.key = 'invoice_reminders'
$$;

revoke all on function private.invoice_reminder_rule() from public;

-- The daily job. Each booking is decided again under its lock (event, then booking, as every
-- transition), so a payment or cancellation committed meanwhile wins and nothing goes twice.
-- Answer: {reminded, released}.
create function private.send_invoice_reminders()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := private.today_in_zurich();
  v_rule record := private.invoice_reminder_rule();
  v_id uuid;
  v_before public.participants%rowtype;
  v_money record;
  v_start date;
  v_note text;
  v_reminded integer := 0;
  v_released integer := 0;
begin
  -- Release first: a booking whose seats go back gets no reminder as well.
  if v_rule.release_days is not null then
    for v_id in
      select p.id from public.participants p join public.events e on e.id = p.event_id
       where p.payment_method = 'invoice' and p.status = 'confirmed'
         and p.invoice_due_date < v_today
         and e.start_date - v_rule.release_days <= v_today and e.start_date >= v_today
       order by p.id
    loop
      v_before := private.lock_booking(v_id);
      select e.start_date into v_start from public.events e where e.id = v_before.event_id;
      v_money := private.booking_money(v_id);
      -- Only a wholly unpaid invoice: a part payment would need a refund decision by the team.
      continue when v_before.status <> 'confirmed' or v_money.paid_cents > 0 or v_money.open_cents = 0
        or v_before.invoice_due_date >= v_today or v_start - v_rule.release_days > v_today;
      v_note := format(
        'Deine Rechnung war bis zum %s nicht bezahlt. Darum haben wir deine Plätze %s Tage vor dem Event für andere freigegeben. Möchtest du trotzdem dabei sein, melde dich bei uns.',
        to_char(v_before.invoice_due_date, 'DD.MM.YYYY'), v_rule.release_days);
      update public.participants p set status = 'cancelled' where p.id = v_id;
      perform private.write_history(v_id, v_before, 'invoice_released', 'system', 0,
        format('Rechnung unbezahlt (fällig %s): Plätze freigegeben', to_char(v_before.invoice_due_date, 'DD.MM.YYYY')));
      perform private.enqueue_mail(
        'booking_cancelled',
        v_before.email,
        private.booking_mail_payload(v_id) || jsonb_build_object('cancel', jsonb_build_object(
          'by', 'staff', 'refundCents', 0, 'refundMethod', null, 'note', v_note, 'paidCents', 0
        )),
        v_id
      );
      v_released := v_released + 1;
    end loop;
  end if;

  for v_id in
    select p.id from public.participants p
     where p.payment_method = 'invoice' and p.status = 'confirmed' and p.invoice_reminded_at is null
       and p.invoice_due_date + v_rule.reminder_days <= v_today
     order by p.id
  loop
    v_before := private.lock_booking(v_id);
    v_money := private.booking_money(v_id);
    continue when v_before.status <> 'confirmed' or v_before.invoice_reminded_at is not null
      or v_money.open_cents = 0 or v_money.needs_review;
    update public.participants p set invoice_reminded_at = private.now() where p.id = v_id;
    perform private.write_history(v_id, v_before, 'invoice_reminded', 'system', v_money.open_cents,
      format('Zahlungserinnerung, fällig seit %s', to_char(v_before.invoice_due_date, 'DD.MM.YYYY')));
    perform private.enqueue_mail(
      'invoice_reminder',
      v_before.email,
      private.booking_mail_payload(v_id) || jsonb_build_object('reminder', jsonb_build_object(
        'dueDate', v_before.invoice_due_date, 'openCents', v_money.open_cents
      )),
      v_id
    );
    v_reminded := v_reminded + 1;
  end loop;
  return jsonb_build_object('reminded', v_reminded, 'released', v_released);
end;
$$;

revoke all on function private.send_invoice_reminders() from public;

-- 'Mahnung fällig': reminded, still open, and as many days again have passed since the reminder.
create function public.admin_overdue_invoices()
returns table (
  participant_id uuid,
  reference text,
  name text,
  email text,
  event_id uuid,
  event_title text,
  event_date date,
  invoice_due_date date,
  reminded_at timestamp with time zone,
  open_cents integer
)
language plpgsql
stable security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_today date := private.today_in_zurich();
  v_days integer := (private.invoice_reminder_rule()).reminder_days;
begin
  perform private.require_admin();
  return query
  select p.id, p.reference, p.name, p.email, e.id, e.title, e.start_date, p.invoice_due_date,
         p.invoice_reminded_at, m.open_cents
    from public.participants p
    join public.events e on e.id = p.event_id
   cross join lateral private.booking_money(p.id) m
   where p.invoice_reminded_at is not null and private.holds_seats(p.status) and m.open_cents > 0
     and (p.invoice_reminded_at at time zone 'Europe/Zurich')::date + v_days <= v_today
   order by p.invoice_due_date, p.reference;
end;
$$;

revoke all on function public.admin_overdue_invoices() from anon, public;
grant execute on function public.admin_overdue_invoices() to authenticated;

-- Once a day, in the morning (the job decides by Zurich dates, so the hour is not critical).
select private.schedule_job('send-invoice-reminders', '40 5 * * *', 'select private.send_invoice_reminders()');
