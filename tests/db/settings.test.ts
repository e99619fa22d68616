import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';

// public.settings (supabase/schemas/80_settings_and_cron.sql): everyone reads the public
// settings, only admins change a value, nobody adds or removes rows through the API, and the
// database refuses a value of the wrong shape whoever writes it.

const SEASON = { start: '2026-10-15', end: '2027-03-28' };
const PRICES = { two: 92, three_to_four: 87.5, five_to_six: 80 };
/** The hut's evenings and rules as the migration stores them (issue 27). */
const HUT = {
  weekdays: [4, 5, 6, 7],
  start_time: '18:30',
  end_time: '22:30',
  min_persons: 2,
  max_persons: 6,
  cancellation_hours: 48,
  late_cancellation_charge_percent: 50,
  payment_methods: ['stripe', 'invoice', 'onsite'],
  location: 'Fonduehüsli, Waldweg 3, 5042 Hirschthal',
  external_url: null,
};

async function setValue(db: Session, key: string, value: unknown) {
  const admin = await db.createUser({ admin: true });
  return db.as(admin, 'update public.settings set value = $2 where key = $1', [key, JSON.stringify(value)]);
}

describe('settings', () => {
  it('starts with the fondue season and prices of spec §9, readable by visitors', () =>
    inRolledBackTransaction(async (db) => {
      const result = await db.as<{ key: string; value: unknown }>(
        anon,
        `select key, value from public.settings where key like 'fondue%' order by key`,
      );
      expect(result.error).toBeNull();
      expect(result.rows).toEqual([
        { key: 'fondue_hut', value: HUT },
        { key: 'fondue_prices', value: { two: 90, three_to_four: 85, five_to_six: 80 } },
        { key: 'fondue_season', value: { start: '2025-10-16', end: null } },
      ]);
    }));

  it('hides settings that are not public from everyone but admins', () =>
    inRolledBackTransaction(async (db) => {
      await db.query(`update public.settings set is_public = false where key = 'fondue_prices'`);
      const user = await db.createUser();
      const admin = await db.createUser({ admin: true });
      const sql = `select key from public.settings where key = 'fondue_prices'`;
      expect((await db.as(anon, sql)).rowCount).toBe(0);
      expect((await db.as(user, sql)).rowCount).toBe(0);
      expect((await db.as(admin, sql)).rowCount).toBe(1);
    }));

  it('lets an admin change a value (and stamps updated_at), nobody else', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      const sql = `update public.settings set value = $1 where key = 'fondue_season'`;
      expect((await db.as(anon, sql, [JSON.stringify(SEASON)])).error?.code).toBe('42501');
      expect((await db.as(user, sql, [JSON.stringify(SEASON)])).rowCount).toBe(0);
      await db.query(`update public.settings set updated_at = now() - interval '1 day'`);
      const result = await setValue(db, 'fondue_season', SEASON);
      expect(result.error).toBeNull();
      expect(result.rowCount).toBe(1);
      const [row] = await db.query<{ value: unknown; fresh: boolean }>(
        `select value, updated_at > now() - interval '1 minute' as fresh from public.settings where key = 'fondue_season'`,
      );
      expect(row).toEqual({ value: SEASON, fresh: true });
      expect((await setValue(db, 'fondue_prices', PRICES)).error).toBeNull();
    }));

  it('lets nobody add, remove, rename or unpublish settings through the API', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const insert = await db.as(
        admin,
        `insert into public.settings (key, value, is_public) values ('fondue_prices_2', '{}', true)`,
      );
      expect(insert.error?.code).toBe('42501');
      expect(
        (await db.as(admin, `delete from public.settings where key = 'fondue_prices'`)).error?.code,
      ).toBe('42501');
      expect(
        (await db.as(admin, `update public.settings set is_public = false where key = 'fondue_prices'`)).error
          ?.code,
      ).toBe('42501');
      expect(
        (await db.as(admin, `update public.settings set key = 'x' where key = 'fondue_prices'`)).error?.code,
      ).toBe('42501');
    }));

  it.each([
    ['a season without start', 'fondue_season', { end: null }],
    ['a season with an extra key', 'fondue_season', { ...SEASON, note: 'x' }],
    ['a start that is no date', 'fondue_season', { start: '16. Oktober 2026', end: null }],
    ['a day that does not exist', 'fondue_season', { start: '2026-02-30', end: null }],
    ['an end before the start', 'fondue_season', { start: '2026-10-15', end: '2026-10-14' }],
    ['a price of zero', 'fondue_prices', { ...PRICES, two: 0 }],
    ['a negative price', 'fondue_prices', { ...PRICES, five_to_six: -5 }],
    ['a price as text', 'fondue_prices', { ...PRICES, two: '90' }],
    ['a price below one Rappen', 'fondue_prices', { ...PRICES, two: 90.005 }],
    ['a missing group', 'fondue_prices', { two: 90, three_to_four: 85 }],
    ['a hut without weekdays', 'fondue_hut', { ...HUT, weekdays: [] }],
    ['a weekday 8', 'fondue_hut', { ...HUT, weekdays: [4, 8] }],
    ['a weekday twice', 'fondue_hut', { ...HUT, weekdays: [4, 4] }],
    ['a start time 18.30', 'fondue_hut', { ...HUT, start_time: '18.30' }],
    ['an end before the start', 'fondue_hut', { ...HUT, end_time: '17:00' }],
    ['a group minimum above the maximum', 'fondue_hut', { ...HUT, min_persons: 7 }],
    ['a late share of 120 %', 'fondue_hut', { ...HUT, late_cancellation_charge_percent: 120 }],
    ['hours as text', 'fondue_hut', { ...HUT, cancellation_hours: '48' }],
    ['payment free', 'fondue_hut', { ...HUT, payment_methods: ['free'] }],
    ['no payment method', 'fondue_hut', { ...HUT, payment_methods: [] }],
    ['an external link over http', 'fondue_hut', { ...HUT, external_url: 'http://calendly.com/x' }],
    ['a hut without location', 'fondue_hut', { ...HUT, location: ' ' }],
  ])('refuses %s', (_name, key, value) =>
    inRolledBackTransaction(async (db) => {
      expect((await setValue(db, key, value)).error?.code).toBe('23514');
    }),
  );

  it('accepts hut rules without end time, with an external scheduling link, on other days', () =>
    inRolledBackTransaction(async (db) => {
      expect(
        (
          await setValue(db, 'fondue_hut', {
            ...HUT,
            weekdays: [5, 6],
            end_time: null,
            external_url: 'https://calendly.com/sinneswerk/fonduehuesli',
          })
        ).error,
      ).toBeNull();
    }));

  it('accepts an open season (no end) and a season of one day', () =>
    inRolledBackTransaction(async (db) => {
      expect((await setValue(db, 'fondue_season', { start: '2026-10-15', end: null })).error).toBeNull();
      expect(
        (await setValue(db, 'fondue_season', { start: '2026-10-15', end: '2026-10-15' })).error,
      ).toBeNull();
    }));

  it('lets the service role (server code) change a value, with the same checks', () =>
    inRolledBackTransaction(async (db) => {
      const update = (value: unknown) =>
        db.as(service, `update public.settings set value = $1 where key = 'fondue_prices'`, [
          JSON.stringify(value),
        ]);
      expect((await update(PRICES)).error).toBeNull();
      expect((await update({ ...PRICES, two: 0 })).error?.code).toBe('23514');
    }));

  it('refuses unknown keys even from the service role', () =>
    inRolledBackTransaction(async (db) => {
      const insert = await db.as(
        service,
        `insert into public.settings (key, value, is_public) values ('anything', '1', true)`,
      );
      expect(insert.error?.code).toBe('23514');
    }));
});
