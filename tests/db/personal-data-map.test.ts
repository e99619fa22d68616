import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction } from './support/db';

// public.personal_data_map (supabase/schemas/90_privacy.sql) names every column that holds
// personal data with its purpose and retention rule. public.unlisted_personal_columns() reads the
// catalog: a column that looks personal (name, e-mail, phone, address, note, message, answer, ip,
// payload, ...) and is not on the map is listed, and this test names it.

interface Unlisted {
  table_name: string;
  column_name: string;
  data_type: string;
}

const unlisted = (rows: Unlisted[]) => rows.map((r) => `${r.table_name}.${r.column_name} (${r.data_type})`);

describe('personal data map', () => {
  it('lists every column of the schema that looks personal', () =>
    inRolledBackTransaction(async (db) => {
      const rows = await db.query<Unlisted>('select * from public.unlisted_personal_columns()');
      // On failure: add a row to public.personal_data_map (a migration) with the column's purpose
      // and retention rule, and handle it in the retention job, the export and the erasure.
      expect(unlisted(rows), 'personal columns missing from public.personal_data_map').toEqual([]);
    }));

  it('covers the tables the privacy promise is about', () =>
    inRolledBackTransaction(async (db) => {
      const rows = await db.query<{ column: string }>(
        `select table_name || '.' || column_name as column from public.personal_data_map order by 1`,
      );
      expect(rows.map((r) => r.column)).toEqual(
        expect.arrayContaining([
          'public.participants.name',
          'public.participants.email',
          'public.participants.phone',
          'public.participants.answers',
          'public.waitlist_entries.email',
          'public.enquiries.message',
          'public.newsletter_subscriptions.email',
          'public.mail_outbox.payload',
          'public.mail_outbox.recipient',
          'public.booking_history.actor_name',
          'public.payments.note',
          'public.admin_invitations.email',
          'public.participant_messages.body',
        ]),
      );
    }));

  it('fails on a new phone column nobody put on the map', () =>
    inRolledBackTransaction(async (db) => {
      await db.query('alter table public.events add column phone text');
      await db.query('alter table public.blog_posts add column author_email text');
      await db.query('alter table public.profiles add column signup_ip inet');
      const rows = await db.query<Unlisted>('select * from public.unlisted_personal_columns()');
      expect(unlisted(rows)).toEqual([
        'public.blog_posts.author_email (text)',
        'public.events.phone (text)',
        'public.profiles.signup_ip (inet)',
      ]);
      await db.query(
        `insert into public.personal_data_map (table_name, column_name, purpose, rule_key)
         values ('public.events', 'phone', 'Telefon der Leitung', 'provider')`,
      );
      expect(unlisted(await db.query<Unlisted>('select * from public.unlisted_personal_columns()'))).toEqual([
        'public.blog_posts.author_email (text)',
        'public.profiles.signup_ip (inet)',
      ]);
    }));

  it('ignores columns that only sound personal but hold no text', () =>
    inRolledBackTransaction(async (db) => {
      await db.query('alter table public.events add column phone_count integer');
      await db.query('alter table public.events add column name_checked boolean');
      expect(await db.query('select * from public.unlisted_personal_columns()')).toEqual([]);
    }));

  it('shows the map to admins only, the limits of the rules to everyone; only keep_days can be changed', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      const admin = await db.createUser({ admin: true });
      expect((await db.as(anon, 'select * from public.personal_data_map')).error?.code).toBe('42501');
      expect((await db.as(user, 'select * from public.personal_data_map')).rowCount).toBe(0);
      expect((await db.as(admin, 'select * from public.personal_data_map')).rowCount).toBeGreaterThan(20);
      // The privacy page prints the limits (tests/db/privacy-page.test.ts has who reads what).
      expect((await db.as(user, 'select * from public.retention_rules')).rowCount).toBeGreaterThan(5);
      expect(
        (await db.as(user, `update public.retention_rules set keep_days = 1 where key = 'enquiry'`)).rowCount,
      ).toBe(0);
      const changed = await db.as(
        admin,
        `update public.retention_rules set keep_days = 400 where key = 'enquiry'`,
      );
      expect(changed.error).toBeNull();
      expect(changed.rowCount).toBe(1);
      expect(
        (await db.as(admin, `update public.retention_rules set label = 'x' where key = 'enquiry'`)).error
          ?.code,
      ).toBe('42501');
      expect(
        (
          await db.as(
            admin,
            `insert into public.personal_data_map values ('public.events', 'x', 'y', 'provider')`,
          )
        ).error?.code,
      ).toBe('42501');
      expect((await db.as(anon, 'select public.unlisted_personal_columns()')).error?.code).toBe('42501');
    }));
});
