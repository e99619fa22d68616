-- The admin list (all events by start date) and the dashboard's "upcoming" list
-- (start_date >= today order by start_date limit 5) filter on no status: they need an index
-- that starts with start_date.

create index events_start_date_idx on public.events (start_date);
