-- Ages of an event (issue 17, 'Facts that agree'): for which children a Kids event is meant, as
-- fields of the event, so the event card, the event page and the Kids page's 'Auf einen Blick'
-- tell the same ages. Both optional: no ages (most events), only a lower bound ('ab 5 Jahren'), or
-- a range ('5–10 Jahre').

alter table public.events
  add column min_age smallint,
  add column max_age smallint,
  add constraint events_min_age_check check (min_age between 0 and 18),
  add constraint events_max_age_check check (max_age between 0 and 18),
  add constraint events_age_range_check check (min_age <= max_age);

comment on column public.events.min_age is
  'The youngest age (years, 0-18) the event is meant for; null: no lower bound stated.';
comment on column public.events.max_age is
  'The oldest age (years, 0-18) the event is meant for, not below min_age; null: no upper bound stated.';

-- A copy keeps the ages (redefined from 20261126001300_event_questions.sql; only the two columns
-- are new). CREATE OR REPLACE keeps the grants of 20261122000160.
create or replace function public.admin_clone_event(p_event_id uuid)
returns public.events
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_copy public.events%rowtype;
begin
  perform private.require_admin();
  insert into public.events (
    title, subtitle, description, category, start_date, end_date, time, location, price,
    max_participants, status, image_url, payment_methods, is_sold_out, is_cancelled, bring_along,
    max_persons_per_booking, cancellation_deadline_hours, questions, min_age, max_age
  )
  select
    -- The title limit is 200 characters; a long title is shortened to make room for the suffix.
    left(e.title, 200 - char_length(' (Kopie)')) || ' (Kopie)',
    e.subtitle, e.description, e.category, e.start_date, e.end_date, e.time, e.location, e.price,
    e.max_participants, 'draft', e.image_url, e.payment_methods, false, false, e.bring_along,
    e.max_persons_per_booking, e.cancellation_deadline_hours, e.questions, e.min_age, e.max_age
  from public.events e
  where e.id = p_event_id
  returning * into v_copy;
  if not found then
    raise exception 'EVENT_NOT_FOUND';
  end if;
  return v_copy;
end;
$$;
