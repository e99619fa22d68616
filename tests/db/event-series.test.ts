import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Actor, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// Series of events (supabase/schemas/60_admin.sql): admin_create_event_series stores a series
// and one event per date in one transaction; admin_edit_event_series applies an edit to "nur
// dieses" or "dieses und alle folgenden" and sends the change notice for occurrences whose date,
// time or place changed.

const CREATE = 'select (public.admin_create_event_series($1, $2, $3, $4)).*';
const EDIT = 'select * from public.admin_edit_event_series($1, $2, $3, $4)';

/** The second Thursday of each month of 2027: a monthly Stammtisch. */
const STAMMTISCH_DATES = [
  '2027-01-14',
  '2027-02-11',
  '2027-03-11',
  '2027-04-08',
  '2027-05-13',
  '2027-06-10',
  '2027-07-08',
  '2027-08-12',
  '2027-09-09',
  '2027-10-14',
  '2027-11-11',
  '2027-12-09',
];

/** The single event form's columns (EventWrite in the admin). */
const TEMPLATE = {
  title: 'Atem-Stammtisch',
  subtitle: null,
  description: 'Austausch bei einem Getränk.',
  category: 'stammtisch',
  start_date: '2027-01-14',
  end_date: null,
  start_time: '19:00',
  end_time: '21:00',
  location: 'Restaurant Bären, Suhr',
  price: 0,
  max_participants: 20,
  max_persons_per_booking: 4,
  cancellation_deadline_hours: 24,
  status: 'published',
  image_url: null,
  payment_methods: ['free'],
  is_sold_out: false,
  is_cancelled: false,
  bring_along: null,
  questions: [],
  min_age: null,
  max_age: null,
};

const RULE = { kind: 'monthly', nth: 2, weekday: 4, count: 12 };

interface SeriesEvent {
  id: string;
  slug: string;
  start_date: string;
  start_time: string;
  location: string;
  title: string;
  series_id: string;
}

async function occurrences(db: Session, seriesId: string): Promise<SeriesEvent[]> {
  return db.query<SeriesEvent>(
    `select id, slug, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(start_time, 'HH24:MI') as start_time,
            location, title, series_id
     from public.events where series_id = $1 order by start_date`,
    [seriesId],
  );
}

async function createStammtisch(db: Session, admin: Actor): Promise<SeriesEvent[]> {
  const created = await db.as<{ id: string }>(admin, CREATE, [
    TEMPLATE,
    STAMMTISCH_DATES,
    RULE,
    'Jeden 2. Donnerstag im Monat, 12 Mal',
  ]);
  expect(created.error).toBeNull();
  return occurrences(db, created.rows[0]!.id);
}

async function changeNotices(db: Session) {
  return db.query<{ recipient: string; event_id: string; before_location: string }>(
    `select recipient, payload #>> '{event,id}' as event_id, payload #>> '{before,location}' as before_location
     from public.mail_outbox where kind = 'event_changed' order by recipient`,
  );
}

describe('event series', () => {
  it('refuses anon and a non-admin', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const [first] = await createStammtisch(db, admin);
      for (const actor of [anon, await db.createUser()]) {
        const created = await db.as(actor, CREATE, [TEMPLATE, STAMMTISCH_DATES, RULE, 'Monatlich']);
        expect(created.error?.code).toBe('42501');
        const edited = await db.as(actor, EDIT, [first!.id, 'following', { location: 'X' }, '']);
        expect(edited.error?.code).toBe('42501');
      }
      const series = await db.as(await db.createUser(), 'select * from public.event_series');
      expect(series.rows).toHaveLength(0);
    }));

  it('creates 12 monthly occurrences as real events with their own slugs', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const events = await createStammtisch(db, admin);
      expect(events.map((event) => event.start_date)).toEqual(STAMMTISCH_DATES);
      expect(new Set(events.map((event) => event.slug)).size).toBe(12);
      expect(events[0]?.slug).toBe('atem-stammtisch-14-01-2027');
      expect(events.every((event) => event.start_time === '19:00')).toBe(true);
      const [series] = await db.query<{ rule_text: string; rule: unknown }>(
        'select rule_text, rule from public.event_series where id = $1',
        [events[0]!.series_id],
      );
      expect(series).toEqual({ rule_text: 'Jeden 2. Donnerstag im Monat, 12 Mal', rule: RULE });
    }));

  it('creates all or nothing', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const before = await db.query<{ count: string }>('select count(*) from public.events');
      const duplicate = await db.as(admin, CREATE, [TEMPLATE, ['2027-01-14', '2027-01-14'], RULE, 'Zweimal']);
      expect(duplicate.error?.message).toBe('SERIES_DATES_INVALID');
      const empty = await db.as(admin, CREATE, [TEMPLATE, [], RULE, 'Nie']);
      expect(empty.error?.message).toBe('SERIES_DATES_INVALID');
      const partial = await db.as(admin, CREATE, [{ title: 'Nur Titel' }, STAMMTISCH_DATES, RULE, 'X']);
      expect(partial.error?.message).toBe('SERIES_EVENT_INVALID');
      // A check constraint on one occurrence (a price with 'free') rolls back the whole series.
      const broken = await db.as(admin, CREATE, [{ ...TEMPLATE, price: 10 }, STAMMTISCH_DATES, RULE, 'X']);
      expect(broken.error?.code).toBe('23514');
      expect(await db.query('select count(*) from public.events')).toEqual(before);
      expect(await db.query('select * from public.event_series')).toHaveLength(0);
    }));

  it('"dieses und alle folgenden" from the 6th changes 7 events and tells their participants only', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const events = await createStammtisch(db, admin);
      const earlier = await insertParticipant(db, events[2]!.id, {
        email: 'maerz@example.ch',
        payment_method: 'free',
      });
      await insertParticipant(db, events[5]!.id, { email: 'juni@example.ch', payment_method: 'free' });
      await insertParticipant(db, events[8]!.id, { email: 'september@example.ch', payment_method: 'free' });
      await insertParticipant(db, events[8]!.id, {
        email: 'storniert@example.ch',
        payment_method: 'free',
        status: 'cancelled',
      });

      const edited = await db.as<{ changed: number; notified: number }>(admin, EDIT, [
        events[5]!.id,
        'following',
        { location: 'Café Sonne, Aarau', start_time: '19:30', title: 'Stammtisch' },
        'Wir ziehen um.',
      ]);
      expect(edited.error).toBeNull();
      expect(edited.rows[0]).toEqual({ changed: 7, notified: 2 });

      const after = await occurrences(db, events[0]!.series_id);
      expect(after.slice(0, 5).map((event) => [event.location, event.start_time, event.title])).toEqual(
        Array(5).fill(['Restaurant Bären, Suhr', '19:00', 'Atem-Stammtisch']),
      );
      expect(after.slice(5).map((event) => [event.location, event.start_time, event.title])).toEqual(
        Array(7).fill(['Café Sonne, Aarau', '19:30', 'Stammtisch']),
      );
      // Each occurrence keeps its own slug (renamed with its date, the old one redirects).
      expect(after[5]?.slug).toBe('stammtisch-10-06-2027');
      expect(new Set(after.map((event) => event.slug)).size).toBe(12);

      const notices = await changeNotices(db);
      expect(notices).toEqual([
        { recipient: 'juni@example.ch', event_id: events[5]!.id, before_location: 'Restaurant Bären, Suhr' },
        {
          recipient: 'september@example.ch',
          event_id: events[8]!.id,
          before_location: 'Restaurant Bären, Suhr',
        },
      ]);
      expect(notices.some((notice) => notice.event_id === earlier.event_id)).toBe(false);
    }));

  it('"nur dieses" changes one event; a new date moves the following ones by the same days', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const events = await createStammtisch(db, admin);
      await insertParticipant(db, events[10]!.id, { email: 'nov@example.ch', payment_method: 'free' });

      const one = await db.as<{ changed: number; notified: number }>(admin, EDIT, [
        events[10]!.id,
        'this',
        { description: 'Mit Glühwein.' },
        '',
      ]);
      expect(one.rows[0]).toEqual({ changed: 1, notified: 0 });
      const descriptions = await db.query<{ description: string }>(
        'select description from public.events where series_id = $1 order by start_date',
        [events[0]!.series_id],
      );
      expect(descriptions.filter((row) => row.description === 'Mit Glühwein.')).toHaveLength(1);

      // Thursday -> Friday from October on: October, November, December move one day.
      const moved = await db.as<{ changed: number; notified: number }>(admin, EDIT, [
        events[9]!.id,
        'following',
        { start_date: '2027-10-15' },
        '',
      ]);
      expect(moved.rows[0]).toEqual({ changed: 3, notified: 1 });
      const dates = (await occurrences(db, events[0]!.series_id)).map((event) => event.start_date);
      expect(dates.slice(8)).toEqual(['2027-09-09', '2027-10-15', '2027-11-12', '2027-12-10']);
    }));

  it('names a wrong scope, change or event', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const [first] = await createStammtisch(db, admin);
      const single = await insertEvent(db);
      const cases: [unknown[], string][] = [
        [[first!.id, 'all', { location: 'X' }, ''], 'SERIES_SCOPE_INVALID'],
        [[first!.id, 'this', { category: 'kids' }, ''], 'SERIES_CHANGE_INVALID'],
        [[first!.id, 'this', { is_cancelled: true }, ''], 'SERIES_CHANGE_INVALID'],
        // node-postgres would send a JS array as '{}': the JSON text says what is meant.
        [[first!.id, 'this', '[]', ''], 'SERIES_CHANGE_INVALID'],
        [[single.id, 'this', { location: 'X' }, ''], 'EVENT_NOT_IN_SERIES'],
        [['00000000-0000-0000-0000-000000000000', 'this', { location: 'X' }, ''], 'EVENT_NOT_FOUND'],
      ];
      for (const [params, code] of cases) {
        const outcome = await db.as(admin, EDIT, params);
        expect(outcome.error?.message, JSON.stringify(params)).toBe(code);
      }
    }));
});
