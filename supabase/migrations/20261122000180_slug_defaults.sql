-- Slugs are always set by the triggers (events_set_slug, blog_posts_set_slug). An empty default
-- makes that visible to clients too: the generated types mark slug optional on insert, so the
-- app does not have to invent a value the database overwrites anyway.

alter table public.events alter column slug set default '';
alter table public.blog_posts alter column slug set default '';
