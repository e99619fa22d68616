-- Tables, constraints and indexes. Row-level security and grants: 20261122000140_rls_and_grants.sql.
--
-- Every rule the product relies on is a constraint here, so that no client (the browser, an
-- edge function, a hand-written script) can store a value the rest of the code does not expect.
-- Text a visitor can send is length-limited.

-- ---------------------------------------------------------------------------------------------
-- events
-- ---------------------------------------------------------------------------------------------

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  subtitle text,
  description text not null default '',
  category text not null default 'breathwork',
  start_date date,
  end_date date,
  time text not null default '',
  location text not null default '',
  price numeric(10, 2) not null default 0,
  max_participants integer not null default 15,
  -- Kept by the database (trigger events_count_participants): never trust a client's value.
  current_participants integer not null default 0,
  status text not null default 'draft',
  image_url text,
  payment_methods text[] not null default array['stripe', 'onsite'],
  is_sold_out boolean not null default false,
  is_cancelled boolean not null default false,
  bring_along text,
  -- Derived from title and start_date by trigger (events_set_slug).
  slug text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint events_slug_key unique (slug),
  constraint events_title_check check (btrim(title) <> '' and char_length(title) <= 200),
  constraint events_subtitle_check check (char_length(subtitle) <= 300),
  constraint events_description_check check (char_length(description) <= 20000),
  constraint events_category_check
    check (category in ('breathwork', 'workshop', 'retreat', 'stammtisch', 'kids', 'sense-of-breath')),
  constraint events_dates_check
    check (end_date is null or (start_date is not null and end_date >= start_date)),
  constraint events_time_check check (char_length(time) <= 100),
  constraint events_location_check check (char_length(location) <= 300),
  constraint events_price_check check (price >= 0),
  constraint events_max_participants_check check (max_participants between 1 and 10000),
  constraint events_current_participants_check check (current_participants >= 0),
  constraint events_status_check check (status in ('draft', 'published', 'archived')),
  constraint events_image_url_check check (char_length(image_url) <= 2048),
  constraint events_payment_methods_check check (
    cardinality(payment_methods) >= 1
    and payment_methods <@ array['stripe', 'onsite', 'free']
    and array_position(payment_methods, null) is null
  ),
  constraint events_bring_along_check check (char_length(bring_along) <= 80),
  constraint events_slug_check check (slug ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$')
);

comment on table public.events is 'Bookable events. Public reads see published rows only.';
comment on column public.events.current_participants is
  'Number of participants whose payment_status is not cancelled; maintained by trigger.';
comment on column public.events.is_sold_out is
  'Set automatically when the last seat is taken; also a manual flag. Never cleared automatically.';

-- Public lists: published events by start date, optionally by category.
create index events_status_start_date_idx on public.events (status, start_date);
create index events_category_status_start_date_idx on public.events (category, status, start_date);

-- ---------------------------------------------------------------------------------------------
-- participants
-- ---------------------------------------------------------------------------------------------

create table public.participants (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null,
  email text not null,
  phone text not null,
  payment_status text not null default 'pending',
  payment_method text not null default 'stripe',
  registration_date timestamptz not null default now(),
  notes text not null default '',
  -- Idempotency key of the public registration form: one registration per request id.
  request_id uuid,
  -- sha256 (hex) of the one-time token register_for_event returned; the confirmation-mail
  -- function compares against it with the service role. The token itself is never stored.
  confirmation_token_hash text,
  confirmation_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint participants_request_id_key unique (request_id),
  constraint participants_name_check check (btrim(name) <> '' and char_length(name) <= 200),
  constraint participants_email_check
    check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint participants_phone_check
    check (phone ~ '^[0-9+ ()./-]{3,40}$' and phone ~ '[0-9].*[0-9].*[0-9]'),
  constraint participants_payment_status_check
    check (payment_status in ('pending', 'paid', 'cancelled', 'refunded')),
  constraint participants_payment_method_check check (payment_method in ('stripe', 'onsite', 'free')),
  constraint participants_notes_check check (char_length(notes) <= 2000),
  constraint participants_confirmation_token_hash_check
    check (confirmation_token_hash ~ '^[0-9a-f]{64}$')
);

comment on table public.participants is
  'Registrations. Only admins read or change them; visitors register through register_for_event().';

-- Per-event lists and the counting trigger; newest registrations first in the admin list.
create index participants_event_id_idx on public.participants (event_id);
create index participants_created_at_idx on public.participants (created_at desc);

-- ---------------------------------------------------------------------------------------------
-- blog_posts
-- ---------------------------------------------------------------------------------------------

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  excerpt text not null default '',
  image_url text,
  published_date date not null default current_date,
  -- Derived from the title when not given (trigger blog_posts_set_slug).
  slug text not null,
  content text not null default '',
  status text not null default 'draft',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint blog_posts_slug_key unique (slug),
  constraint blog_posts_title_check check (btrim(title) <> '' and char_length(title) <= 200),
  constraint blog_posts_excerpt_check check (char_length(excerpt) <= 1000),
  constraint blog_posts_image_url_check check (char_length(image_url) <= 2048),
  constraint blog_posts_content_check check (char_length(content) <= 100000),
  constraint blog_posts_status_check check (status in ('draft', 'published')),
  constraint blog_posts_slug_check check (slug ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$')
);

-- The slug's unique index serves the detail page; this one the list of published posts.
create index blog_posts_status_published_date_idx on public.blog_posts (status, published_date desc);

-- ---------------------------------------------------------------------------------------------
-- profiles: one row per auth user (trigger on auth.users, 20261122000120_profiles_and_admin.sql)
-- ---------------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- enquiries: contact form and corporate breathwork enquiries, kept even when mail fails
-- ---------------------------------------------------------------------------------------------

create table public.enquiries (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'contact',
  name text not null default '',
  email text not null,
  subject text not null default '',
  message text not null default '',
  mail_status text not null default 'pending',
  mail_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint enquiries_kind_check check (kind in ('contact', 'corporate-breathwork')),
  constraint enquiries_name_check check (char_length(name) <= 200),
  constraint enquiries_email_check
    check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint enquiries_subject_check check (char_length(subject) <= 300),
  constraint enquiries_message_check check (char_length(message) <= 5000),
  -- The contact form requires all four fields; a corporate enquiry may come with the e-mail only.
  constraint enquiries_contact_fields_check check (
    kind <> 'contact' or (btrim(name) <> '' and btrim(subject) <> '' and btrim(message) <> '')
  ),
  constraint enquiries_mail_status_check check (mail_status in ('pending', 'sent', 'failed')),
  constraint enquiries_mail_error_check check (char_length(mail_error) <= 2000)
);

create index enquiries_created_at_idx on public.enquiries (created_at desc);

-- ---------------------------------------------------------------------------------------------
-- newsletter_subscriptions
-- ---------------------------------------------------------------------------------------------

create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  -- Stored trimmed and lower-cased (trigger), so the unique key ignores case.
  email text not null,
  status text not null default 'pending',
  sync_status text not null default 'pending',
  sync_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint newsletter_subscriptions_email_key unique (email),
  constraint newsletter_subscriptions_email_check
    check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint newsletter_subscriptions_status_check
    check (status in ('pending', 'subscribed', 'unsubscribed')),
  constraint newsletter_subscriptions_sync_status_check
    check (sync_status in ('pending', 'synced', 'failed', 'not_configured')),
  constraint newsletter_subscriptions_sync_error_check check (char_length(sync_error) <= 2000)
);

create index newsletter_subscriptions_created_at_idx on public.newsletter_subscriptions (created_at desc);

-- ---------------------------------------------------------------------------------------------
-- updated_at on every table
-- ---------------------------------------------------------------------------------------------

create trigger events_set_updated_at before update on public.events
  for each row execute function private.set_updated_at();
create trigger participants_set_updated_at before update on public.participants
  for each row execute function private.set_updated_at();
create trigger blog_posts_set_updated_at before update on public.blog_posts
  for each row execute function private.set_updated_at();
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();
create trigger enquiries_set_updated_at before update on public.enquiries
  for each row execute function private.set_updated_at();
create trigger newsletter_subscriptions_set_updated_at before update on public.newsletter_subscriptions
  for each row execute function private.set_updated_at();
