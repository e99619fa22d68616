import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { daysFromToday, insertEvent, insertParticipant } from './support/fixtures';

// Dashboard charts (supabase/schemas/60_admin.sql): bookings and revenue per week, occupancy of the
// upcoming events. Both count persons of the registrations that hold seats.

interface Week {
  week_start: string;
  registrations: number;
  persons: number;
  revenue_cents: string;
}

interface Occupancy {
  event_id: string;
  title: string;
  booked_persons: number;
  max_participants: number;
}

/** Moves a registration's creation back by whole weeks (Zurich time). */
async function createdWeeksAgo(db: Session, id: string, weeks: number) {
  await db.query(
    `update public.participants set created_at = now() - make_interval(weeks => $2) where id = $1`,
    [id, weeks],
  );
}

const CALLS = [
  'public.admin_weekly_bookings()',
  'public.admin_event_occupancy()',
  "public.admin_event_ticket_counts('{}')",
];

describe('dashboard chart functions refuse everybody but admins', () => {
  it.each(CALLS)('%s: anon and a non-admin get 42501', (expression) =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      for (const actor of [anon, user]) {
        const outcome = await db.as(actor, `select * from ${expression}`);
        expect(outcome.error?.code).toBe('42501');
      }
    }),
  );
});

describe('admin_weekly_bookings', () => {
  it('gives twelve weeks, oldest first, counting persons and revenue of seat-holding registrations', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const before = await db.as<Week>(admin, 'select * from public.admin_weekly_bookings()');
      expect(before.error).toBeNull();

      const event = await insertEvent(db, { price: 40, max_participants: 30 });
      await insertParticipant(db, event.id, { persons: 3, email: 'a@example.ch' });
      const lastWeek = await insertParticipant(db, event.id, { persons: 2, email: 'b@example.ch' });
      await createdWeeksAgo(db, lastWeek.id, 1);
      await insertParticipant(db, event.id, {
        persons: 4,
        email: 'c@example.ch',
        status: 'cancelled',
      });
      const tooOld = await insertParticipant(db, event.id, { persons: 1, email: 'd@example.ch' });
      await createdWeeksAgo(db, tooOld.id, 13);

      const after = await db.as<Week>(admin, 'select * from public.admin_weekly_bookings()');
      expect(after.error).toBeNull();
      const weeks = after.rows;
      expect(weeks).toHaveLength(12);
      const starts = weeks.map((week) => week.week_start);
      expect([...starts].sort()).toEqual(starts);
      const [thisWeek] = await db.query<{ d: string }>(
        `select date_trunc('week', now() at time zone 'Europe/Zurich')::date::text as d`,
      );
      expect(String(starts.at(-1))).toContain(thisWeek!.d.slice(0, 10));

      // The change against the numbers before this test's rows (other rows may exist).
      const delta = (index: number) => ({
        registrations: weeks[index]!.registrations - before.rows[index]!.registrations,
        persons: weeks[index]!.persons - before.rows[index]!.persons,
        revenue: Number(weeks[index]!.revenue_cents) - Number(before.rows[index]!.revenue_cents),
      });
      expect(delta(11)).toEqual({ registrations: 1, persons: 3, revenue: 12000 });
      // Booked value: price x persons (what was paid is the dashboard's "erhalten").
      expect(delta(10)).toEqual({ registrations: 1, persons: 2, revenue: 8000 });
      for (let index = 0; index < 10; index += 1) {
        expect(delta(index)).toEqual({ registrations: 0, persons: 0, revenue: 0 });
      }
    }));

  it('refuses a number of weeks out of range', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const outcome = await db.as(admin, 'select * from public.admin_weekly_bookings(0)');
      expect({ message: outcome.error?.message, detail: outcome.error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'weeks',
      });
    }));
});

describe('admin_event_occupancy', () => {
  it('lists upcoming, not cancelled, not archived events soonest first with persons booked', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      // Far in the future, so the filter below sees only this test's events.
      const later = await insertEvent(db, { title: 'Später', startInDays: 4001, max_participants: 10 });
      const sooner = await insertEvent(db, { title: 'Früher', startInDays: 4000, max_participants: 8 });
      await insertEvent(db, { title: 'Abgesagt', startInDays: 4000, is_cancelled: true });
      await insertEvent(db, { title: 'Archiviert', startInDays: 4000, status: 'archived' });
      await insertEvent(db, { title: 'Vorbei', startInDays: -1 });
      await insertParticipant(db, sooner.id, { persons: 3 });
      await insertParticipant(db, sooner.id, {
        persons: 2,
        email: 'x@example.ch',
        status: 'cancelled',
        paid: true,
      });

      const outcome = await db.as<Occupancy>(
        admin,
        `select * from public.admin_event_occupancy(50) where start_date >= ${daysFromToday(4000)}`,
      );
      expect(outcome.error).toBeNull();
      expect(
        outcome.rows.map(({ event_id, title, booked_persons, max_participants }) => ({
          event_id,
          title,
          booked_persons,
          max_participants,
        })),
      ).toEqual([
        { event_id: sooner.id, title: 'Früher', booked_persons: 3, max_participants: 8 },
        { event_id: later.id, title: 'Später', booked_persons: 0, max_participants: 10 },
      ]);
      const past = await db.as<Occupancy>(admin, 'select * from public.admin_event_occupancy(50)');
      expect(past.rows.map((row) => row.title)).not.toContain('Vorbei');
    }));
});

describe('admin_event_ticket_counts', () => {
  it("splits each event's booked persons by ticket type, in the types' order; an event without types has no row", () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const typed = await insertEvent(db, { price: 45, max_participants: 30 });
      const untyped = await insertEvent(db, { price: 45 });
      await insertParticipant(db, untyped.id, { persons: 2 });
      const types = await db.query<{ id: string; name: string }>(
        `insert into public.event_ticket_types (event_id, name, price, position)
         values ($1, 'Erwachsene', 45, 0), ($1, 'Kinder', 25, 1), ($1, 'Mitglied', 30, 2)
         returning id, name`,
        [typed.id],
      );
      const id = (name: string) => types.find((type) => type.name === name)!.id;
      const book = async (email: string, tickets: Record<string, number>) => {
        const persons = Object.values(tickets).reduce((sum, count) => sum + count, 0);
        const booked = await db.as<{ r: { participant_id: string } }>(
          service,
          `select public.register_for_event($1, 'Tom Typ', $2, '+41 79 123 45 67', 'onsite', '', null, $3,
             '{}'::jsonb, null, null, null, $4::jsonb) as r`,
          [typed.id, email, persons, JSON.stringify(tickets)],
        );
        expect(booked.error).toBeNull();
        return booked.rows[0]!.r.participant_id;
      };
      await book('a@example.ch', { [id('Erwachsene')]: 2, [id('Kinder')]: 3 });
      await book('b@example.ch', { [id('Erwachsene')]: 1 });
      const cancelled = await book('c@example.ch', { [id('Kinder')]: 4 });
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [cancelled]);

      const counts = await db.as<{ event_id: string; name: string; persons: number }>(
        admin,
        'select * from public.admin_event_ticket_counts($1)',
        [[typed.id, untyped.id]],
      );
      expect(counts.error).toBeNull();
      expect(counts.rows).toEqual([
        { event_id: typed.id, name: 'Erwachsene', persons: 3 },
        { event_id: typed.id, name: 'Kinder', persons: 3 },
        { event_id: typed.id, name: 'Mitglied', persons: 0 },
      ]);
      const tooMany = await db.as(admin, 'select * from public.admin_event_ticket_counts($1)', [
        Array.from({ length: 101 }, () => typed.id),
      ]);
      expect(tooMany.error?.message).toBe('INVALID_INPUT');
    }));
});
