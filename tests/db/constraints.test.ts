import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, service } from './support/db';
import { insertEvent } from './support/fixtures';

// Every rule is a constraint: a bad value is refused by the database itself, whoever writes
// it (here: the service role, which bypasses RLS), with the constraint's name in the error.

interface BadValue {
  table: string;
  column: string;
  value: unknown;
  constraint: string;
}

const VALID_ROWS: Record<string, Record<string, unknown>> = {
  events: { title: 'Gueltig', status: 'published', price: 10, max_participants: 5 },
  participants: { name: 'Eva', email: 'eva@example.ch', phone: '+41 79 123 45 67' },
  blog_posts: { title: 'Gueltig' },
  enquiries: { kind: 'contact', name: 'Eva', email: 'eva@example.ch', subject: 'Frage', message: 'Hallo' },
  newsletter_subscriptions: { email: 'eva@example.ch' },
};

const badValues: BadValue[] = [
  { table: 'events', column: 'title', value: '   ', constraint: 'events_title_check' },
  { table: 'events', column: 'title', value: 'x'.repeat(201), constraint: 'events_title_check' },
  { table: 'events', column: 'category', value: 'yoga', constraint: 'events_category_check' },
  { table: 'events', column: 'status', value: 'deleted', constraint: 'events_status_check' },
  { table: 'events', column: 'price', value: -0.01, constraint: 'events_price_check' },
  { table: 'events', column: 'max_participants', value: 0, constraint: 'events_max_participants_check' },
  { table: 'events', column: 'bring_along', value: 'x'.repeat(81), constraint: 'events_bring_along_check' },
  { table: 'events', column: 'payment_methods', value: [], constraint: 'events_payment_methods_check' },
  {
    table: 'events',
    column: 'payment_methods',
    value: ['stripe', 'paypal'],
    constraint: 'events_payment_methods_check',
  },
  {
    table: 'events',
    column: 'payment_methods',
    value: ['stripe', null],
    constraint: 'events_payment_methods_check',
  },
  {
    table: 'events',
    column: 'description',
    value: 'x'.repeat(20001),
    constraint: 'events_description_check',
  },
  { table: 'events', column: 'location', value: 'x'.repeat(301), constraint: 'events_location_check' },
  { table: 'events', column: 'subtitle', value: 'x'.repeat(301), constraint: 'events_subtitle_check' },
  { table: 'events', column: 'image_url', value: 'x'.repeat(2049), constraint: 'events_image_url_check' },
  // An end time without a start time (events_times_check; the end after the start: self-service.test).
  { table: 'events', column: 'end_time', value: '21:30', constraint: 'events_times_check' },
  { table: 'events', column: 'min_age', value: -1, constraint: 'events_min_age_check' },
  { table: 'events', column: 'min_age', value: 19, constraint: 'events_min_age_check' },
  { table: 'events', column: 'max_age', value: 19, constraint: 'events_max_age_check' },
  { table: 'participants', column: 'name', value: '', constraint: 'participants_name_check' },
  { table: 'participants', column: 'email', value: 'keine-adresse', constraint: 'participants_email_check' },
  { table: 'participants', column: 'email', value: 'a b@example.ch', constraint: 'participants_email_check' },
  { table: 'participants', column: 'phone', value: 'abc', constraint: 'participants_phone_check' },
  {
    table: 'participants',
    column: 'status',
    value: 'open',
    constraint: 'participants_status_check',
  },
  {
    table: 'participants',
    column: 'payment_method',
    value: 'cash',
    constraint: 'participants_payment_method_check',
  },
  { table: 'participants', column: 'notes', value: 'x'.repeat(2001), constraint: 'participants_notes_check' },
  {
    table: 'participants',
    column: 'confirmation_token_hash',
    value: 'klartext',
    constraint: 'participants_confirmation_token_hash_check',
  },
  { table: 'blog_posts', column: 'title', value: ' ', constraint: 'blog_posts_title_check' },
  { table: 'blog_posts', column: 'status', value: 'archived', constraint: 'blog_posts_status_check' },
  { table: 'blog_posts', column: 'excerpt', value: 'x'.repeat(1001), constraint: 'blog_posts_excerpt_check' },
  { table: 'enquiries', column: 'kind', value: 'spam', constraint: 'enquiries_kind_check' },
  { table: 'enquiries', column: 'email', value: 'nope', constraint: 'enquiries_email_check' },
  { table: 'enquiries', column: 'message', value: '  ', constraint: 'enquiries_contact_fields_check' },
  { table: 'enquiries', column: 'message', value: 'x'.repeat(5001), constraint: 'enquiries_message_check' },
  { table: 'enquiries', column: 'mail_status', value: 'bounced', constraint: 'enquiries_mail_status_check' },
  {
    table: 'newsletter_subscriptions',
    column: 'email',
    value: 'nope',
    constraint: 'newsletter_subscriptions_email_check',
  },
  {
    table: 'newsletter_subscriptions',
    column: 'status',
    value: 'maybe',
    constraint: 'newsletter_subscriptions_status_check',
  },
  {
    table: 'newsletter_subscriptions',
    column: 'sync_status',
    value: 'lost',
    constraint: 'newsletter_subscriptions_sync_status_check',
  },
];

describe('constraints reject bad values', () => {
  it.each(badValues)(
    '$table.$column = $value is refused by $constraint',
    ({ table, column, value, constraint }) =>
      inRolledBackTransaction(async (db) => {
        const row: Record<string, unknown> = { ...VALID_ROWS[table], [column]: value };
        if (table === 'participants') row.event_id = (await insertEvent(db)).id;
        const names = Object.keys(row);
        const sql = `insert into public.${table} (${names.join(', ')})
                   values (${names.map((_, index) => `$${index + 1}`).join(', ')})`;
        const outcome = await db.as(service, sql, Object.values(row));
        expect(outcome.error?.code, outcome.error?.message).toBe('23514');
        expect(outcome.error?.message).toContain(constraint);
      }),
  );

  it.each(Object.keys(VALID_ROWS))(
    'the valid %s row is accepted (so the cases above test one rule each)',
    (table) =>
      inRolledBackTransaction(async (db) => {
        const row: Record<string, unknown> = { ...VALID_ROWS[table] };
        if (table === 'participants') row.event_id = (await insertEvent(db)).id;
        const names = Object.keys(row);
        const outcome = await db.as(
          service,
          `insert into public.${table} (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(row),
        );
        expect(outcome.error).toBeNull();
      }),
  );

  it('refuses ages the wrong way round, and takes a range, a lower bound alone or none (events_age_range_check)', () =>
    inRolledBackTransaction(async (db) => {
      const insert = (minAge: number | null, maxAge: number | null) =>
        db.as(
          service,
          `insert into public.events (title, status, price, max_participants, min_age, max_age)
           values ('Kids', 'published', 10, 5, $1, $2)`,
          [minAge, maxAge],
        );
      const reversed = await insert(10, 5);
      expect(reversed.error?.code).toBe('23514');
      expect(reversed.error?.message).toContain('events_age_range_check');
      for (const [minAge, maxAge] of [
        [5, 10],
        [6, 6],
        [5, null],
        [null, 12],
        [0, 18],
        [null, null],
      ] as const) {
        expect((await insert(minAge, maxAge)).error, `${minAge}–${maxAge}`).toBeNull();
      }
    }));

  it('refuses an end date before the start date, and an end date without a start date', () =>
    inRolledBackTransaction(async (db) => {
      const before = await db.as(
        service,
        `insert into public.events (title, start_date, end_date) values ('X', date '2026-05-02', date '2026-05-01')`,
      );
      const alone = await db.as(
        service,
        `insert into public.events (title, end_date) values ('X', date '2026-05-01')`,
      );
      expect(before.error?.message).toContain('events_dates_check');
      expect(alone.error?.message).toContain('events_dates_check');
    }));

  it('keeps one participant per request id', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const insert = `insert into public.participants (event_id, name, email, phone, request_id)
                      values ($1, 'Eva', 'eva@example.ch', '079 123 45 67', '8d3c6c1e-7d0e-4f55-9d7b-1c1f0e4bb001')`;
      expect((await db.as(service, insert, [event.id])).error).toBeNull();
      expect((await db.as(service, insert, [event.id])).error?.code).toBe('23505');
    }));

  it('stores newsletter e-mails trimmed and lower-cased, unique regardless of case', () =>
    inRolledBackTransaction(async (db) => {
      const first = await db.as<{ email: string }>(
        service,
        `insert into public.newsletter_subscriptions (email) values (' Eva@Example.CH ') returning email`,
      );
      expect(first.rows[0]?.email).toBe('eva@example.ch');
      const upsert = await db.as<{ status: string }>(
        service,
        `insert into public.newsletter_subscriptions (email, status) values ('EVA@example.ch', 'subscribed')
         on conflict (email) do update set status = excluded.status returning status`,
      );
      expect(upsert.error).toBeNull();
      const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
        `select count(*)::int as count from public.newsletter_subscriptions where email = 'eva@example.ch'`,
      );
      expect(count).toBe(1);
    }));

  it('keeps updated_at by trigger', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      // now() is fixed inside a transaction, so make the stored value visibly old first.
      await db.query(`alter table public.events disable trigger events_set_updated_at`);
      await db.query(`update public.events set updated_at = '2000-01-01' where id = $1`, [event.id]);
      await db.query(`alter table public.events enable trigger events_set_updated_at`);
      const [row] = await db.query<{ fresh: boolean }>(
        `update public.events set price = 1 where id = $1 returning updated_at = now() as fresh`,
        [event.id],
      );
      expect(row?.fresh).toBe(true);
    }));
});
