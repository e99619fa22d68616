import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Actor, type Session } from './support/db';
import {
  activeParticipantCount,
  availabilityOf,
  eventById,
  insertEvent,
  insertParticipant,
  type EventRow,
  type ParticipantRow,
} from './support/fixtures';

const ADMIN_CALLS: Array<[string, (ids: { event: string; participant: string }) => unknown[]]> = [
  [
    `public.admin_add_booking($1, $2, $3, $4, 1, 'onsite')`,
    (ids) => [ids.event, 'Eva', 'eva@example.ch', '079 123 45 67'],
  ],
  [`public.admin_record_payment($1, 5000, 'onsite')`, (ids) => [ids.participant]],
  ['public.admin_cancel_booking($1)', (ids) => [ids.participant]],
  [`public.admin_refund($1, 100, 'x')`, (ids) => [ids.participant]],
  ['public.admin_change_persons($1, 2)', (ids) => [ids.participant]],
  ['public.admin_move_booking($1, $2)', (ids) => [ids.participant, ids.event]],
  ['public.admin_reactivate_booking($1)', (ids) => [ids.participant]],
  [
    `public.admin_update_participant($1, 'Neu', 'neu@example.ch', '079 123 45 67')`,
    (ids) => [ids.participant],
  ],
  ['public.admin_resolve_payment($1, true)', (ids) => [ids.participant]],
  ['public.admin_booking_history($1)', (ids) => [ids.participant]],
  ['public.admin_cancel_event($1)', (ids) => [ids.event]],
  ['public.admin_event_notice_state($1)', (ids) => [ids.event]],
  ['public.admin_delete_participant($1)', (ids) => [ids.participant]],
  ['public.admin_clone_event($1)', (ids) => [ids.event]],
  ['public.admin_delete_event($1)', (ids) => [ids.event]],
  ['public.admin_dashboard_stats()', () => []],
  [
    `public.admin_import_bank_entries('{"format": "camt.054.001.08", "fileName": "a.xml", "entries": []}', true)`,
    () => [],
  ],
  ['public.admin_assign_bank_entry($1, $2)', (ids) => [ids.event, ids.participant]],
];

/** Every booking (money rows first: they stay with their booking) and every event, rolled back. */
async function clearBookingsAndEvents(db: Session): Promise<void> {
  await db.query('delete from public.refund_requests');
  await db.query('delete from public.receipts');
  await db.query('delete from public.payments');
  await db.query('delete from public.participants');
  await db.query('delete from public.events');
}

async function setUp(db: Session) {
  const admin = await db.createUser({ admin: true });
  const user = await db.createUser();
  const event = await insertEvent(db, { max_participants: 3 });
  const participant = await insertParticipant(db, event.id);
  return { admin, user, event, participant };
}

/** Calls an admin function as the actor: a row-returning one as an object, others as their value. */
async function call<Result>(
  db: Session,
  actor: Actor,
  expression: string,
  params: unknown[] = [],
): Promise<Result> {
  const returnsRow = /admin_(add_booking|record_payment|cancel_booking|reactivate_booking|clone_event)/.test(
    expression,
  );
  const sql = returnsRow
    ? `select to_jsonb(r) as result from ${expression} as r`
    : `select ${expression} as result`;
  const outcome = await db.as<{ result: Result }>(actor, sql, params);
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]!.result;
}

describe('admin functions refuse everybody but admins', () => {
  it.each(ADMIN_CALLS)(
    '%s: anon and a signed-in non-admin get 42501, nothing changes',
    (expression, params) =>
      inRolledBackTransaction(async (db) => {
        const { user, event, participant } = await setUp(db);
        const ids = { event: event.id, participant: participant.id };
        for (const actor of [anon, user]) {
          const outcome = await db.as(actor, `select ${expression}`, params(ids));
          expect(outcome.error?.code).toBe('42501');
        }
        const [state] = await db.query<{ events: number; participants: number; status: string }>(
          `select (select count(*)::int from public.events) as events,
                (select count(*)::int from public.participants) as participants,
                (select status from public.participants where id = $1) as status`,
          [participant.id],
        );
        expect(state?.status).toBe('confirmed');
        expect((await eventById(db, event.id)).current_participants).toBe(1);
      }),
  );
});

describe('participants: the count always equals the non-cancelled participants', () => {
  it('admin_add_booking adds up to capacity; beyond it only with the override', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event } = await setUp(db);
      for (const email of ['a@example.ch', 'b@example.ch']) {
        const row = await call<ParticipantRow>(
          db,
          admin,
          `public.admin_add_booking($1, $2, $3, $4, 1, 'onsite', 'Gast')`,
          [event.id, ' Eva ', email, '079 123 45 67'],
        );
        expect(row).toMatchObject({
          name: 'Eva',
          status: 'confirmed',
          payment_method: 'onsite',
          notes: 'Gast',
        });
      }
      const full = await db.as(
        admin,
        `select public.admin_add_booking($1, 'Eva', 'c@example.ch', '079 123 45 67', 1, 'onsite')`,
        [event.id],
      );
      expect({ message: full.error?.message, detail: full.error?.detail }).toEqual({
        message: 'NOT_ENOUGH_SEATS',
        detail: '0',
      });
      await call(
        db,
        admin,
        `public.admin_add_booking($1, 'Eva', 'c@example.ch', '079 123 45 67', 1, 'onsite', '', true, true)`,
        [event.id],
      );
      const after = await eventById(db, event.id);
      expect(after.current_participants).toBe(4);
      expect(after.is_sold_out).toBe(false);
      expect(await availabilityOf(db, event.id)).toMatchObject({ seats_left: 0, is_full: true });
    }));

  it('admin_add_booking validates input', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event } = await setUp(db);
      const bad = await db.as(
        admin,
        `select public.admin_add_booking($1, 'Eva', 'eva@example.ch', '079 123 45 67', 1, 'gratis')`,
        [event.id],
      );
      expect({ message: bad.error?.message, detail: bad.error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'payment_method',
      });
      const persons = await db.as(
        admin,
        `select public.admin_add_booking($1, 'Eva', 'eva@example.ch', '079 123 45 67', 0, 'onsite')`,
        [event.id],
      );
      expect(persons.error?.detail).toBe('persons');
      const unknown = await db.as(
        admin,
        `select public.admin_add_booking($1, 'Eva', 'eva@example.ch', '079 123 45 67', 1, 'onsite')`,
        [randomUUID()],
      );
      expect(unknown.error?.message).toBe('EVENT_NOT_FOUND');
    }));

  it('admin_cancel_booking lowers the count, admin_reactivate_booking raises it again', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event, participant } = await setUp(db);
      const paid = await call<ParticipantRow>(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [
        participant.id,
      ]);
      expect(paid.status).toBe('confirmed');
      expect((await eventById(db, event.id)).current_participants).toBe(1);

      await call(db, admin, 'public.admin_cancel_booking($1)', [participant.id]);
      expect((await eventById(db, event.id)).current_participants).toBe(0);
      await call(db, admin, 'public.admin_reactivate_booking($1)', [participant.id]);
      expect((await eventById(db, event.id)).current_participants).toBe(1);

      const missing = await db.as(admin, 'select public.admin_cancel_booking($1)', [randomUUID()]);
      expect(missing.error?.message).toBe('PARTICIPANT_NOT_FOUND');
    }));

  it('admin_delete_participant removes only cancelled bookings without money', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event, participant } = await setUp(db);
      const cancelled = await insertParticipant(db, event.id, {
        email: 'weg@example.ch',
        status: 'cancelled',
      });
      await call(db, admin, 'public.admin_delete_participant($1)', [cancelled.id]);
      expect((await eventById(db, event.id)).current_participants).toBe(1);
      const active = await db.as(admin, 'select public.admin_delete_participant($1)', [participant.id]);
      expect(active.error?.message).toBe('BOOKING_ACTIVE');
      await call(db, admin, 'public.admin_cancel_booking($1)', [participant.id]);
      await call(db, admin, 'public.admin_delete_participant($1)', [participant.id]);
      const again = await db.as(admin, 'select public.admin_delete_participant($1)', [participant.id]);
      expect(again.error?.message).toBe('PARTICIPANT_NOT_FOUND');
      expect((await eventById(db, event.id)).current_participants).toBe(0);
    }));

  it('nobody can write current_participants: an admin update and even the superuser are overruled', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event } = await setUp(db);
      const outcome = await db.as<EventRow>(
        admin,
        'update public.events set current_participants = 0, max_participants = 10 where id = $1 returning *',
        [event.id],
      );
      expect(outcome.rows[0]).toMatchObject({ current_participants: 1, max_participants: 10 });
      await db.query('update public.events set current_participants = 99 where id = $1', [event.id]);
      expect((await eventById(db, event.id)).current_participants).toBe(1);
    }));

  it('the count follows direct participant changes, including moving a participant to another event', () =>
    inRolledBackTransaction(async (db) => {
      const { event, participant } = await setUp(db);
      const other = await insertEvent(db, { title: 'Anderes Event' });
      await db.query('update public.participants set event_id = $2 where id = $1', [
        participant.id,
        other.id,
      ]);
      expect((await eventById(db, event.id)).current_participants).toBe(0);
      expect((await eventById(db, other.id)).current_participants).toBe(1);
      expect(await activeParticipantCount(db, other.id)).toBe(1);
    }));

  it('full follows the count: capacity lowered to it is full, a cancellation frees the seat; is_sold_out untouched', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event, participant } = await setUp(db);
      await db.as(admin, 'update public.events set max_participants = 1 where id = $1', [event.id]);
      expect(await availabilityOf(db, event.id)).toMatchObject({ is_full: true, is_bookable: false });
      await call(db, admin, 'public.admin_cancel_booking($1)', [participant.id]);
      expect(await eventById(db, event.id)).toMatchObject({ current_participants: 0, is_sold_out: false });
      expect(await availabilityOf(db, event.id)).toMatchObject({ is_full: false, is_bookable: true });
    }));
});

describe('events', () => {
  it('admin_clone_event copies as a draft with " (Kopie)", no participants, flags off, own slug', () =>
    inRolledBackTransaction(async (db) => {
      const { admin } = await setUp(db);
      const original = await insertEvent(db, {
        title: 'Pasta von Hand',
        max_participants: 1,
        is_cancelled: true,
        is_sold_out: true,
        bring_along: 'Schürze',
        price: 120,
        min_age: 8,
        max_age: 12,
      });
      await insertParticipant(db, original.id);

      const copy = await call<EventRow & { bring_along: string }>(db, admin, 'public.admin_clone_event($1)', [
        original.id,
      ]);
      expect(copy).toMatchObject({
        title: 'Pasta von Hand (Kopie)',
        status: 'draft',
        current_participants: 0,
        is_sold_out: false,
        is_cancelled: false,
        max_participants: 1,
        bring_along: 'Schürze',
        min_age: 8,
        max_age: 12,
        start_date: original.start_date,
      });
      expect(copy.id).not.toBe(original.id);
      expect(copy.slug).toBe(`pasta-von-hand-kopie-${original.slug.split('-').slice(-3).join('-')}`);
      const missing = await db.as(admin, 'select public.admin_clone_event($1)', [randomUUID()]);
      expect(missing.error?.message).toBe('EVENT_NOT_FOUND');
    }));

  it('admin_clone_event shortens a maximal title to keep the 200-character limit', () =>
    inRolledBackTransaction(async (db) => {
      const { admin } = await setUp(db);
      const original = await insertEvent(db, { title: 'T'.repeat(200) });
      const copy = await call<EventRow>(db, admin, 'public.admin_clone_event($1)', [original.id]);
      expect(copy.title).toHaveLength(200);
      expect(copy.title.endsWith(' (Kopie)')).toBe(true);
    }));

  it('admin_delete_event refuses an event with active bookings; without, it goes with its cancelled ones', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event, participant } = await setUp(db);
      const refused = await db.as(admin, 'select public.admin_delete_event($1)', [event.id]);
      expect(refused.error?.message).toBe('EVENT_HAS_BOOKINGS');
      await call(db, admin, 'public.admin_cancel_booking($1)', [participant.id]);
      await call(db, admin, 'public.admin_delete_event($1)', [event.id]);
      const [left] = await db.query<{ events: number; participants: number }>(
        `select (select count(*)::int from public.events where id = $1) as events,
                (select count(*)::int from public.participants where event_id = $1) as participants`,
        [event.id],
      );
      expect(left).toEqual({ events: 0, participants: 0 });
    }));
});

describe('admin_dashboard_stats on known data', () => {
  it("counts, revenue and this year's occupancy without cancelled or archived events", () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      await clearBookingsAndEvents(db);
      // Events starting today are this year's; 400 days ago is always an earlier year.
      const thisYearFuture = await insertEvent(db, {
        title: 'A',
        price: 100,
        max_participants: 10,
        startInDays: 0,
      });
      const thisYearDraft = await insertEvent(db, {
        title: 'B',
        price: 50,
        max_participants: 10,
        status: 'draft',
        startInDays: 0,
      });
      const cancelled = await insertEvent(db, {
        title: 'C',
        price: 10,
        max_participants: 10,
        is_cancelled: true,
        startInDays: 0,
      });
      const archived = await insertEvent(db, {
        title: 'D',
        price: 10,
        max_participants: 10,
        status: 'archived',
        startInDays: 0,
      });
      const lastYear = await insertEvent(db, {
        title: 'E',
        price: 20,
        max_participants: 4,
        startInDays: -400,
      });
      const undated = await insertEvent(db, {
        title: 'F',
        price: 30,
        max_participants: 5,
        startInDays: null,
      });

      const add = (event: EventRow, email: string, status = 'confirmed') =>
        insertParticipant(db, event.id, { email, status });
      await add(thisYearFuture, 'anna@example.ch');
      await add(thisYearFuture, 'Anna@Example.CH');
      await add(thisYearFuture, 'beat@example.ch');
      await add(thisYearFuture, 'storno@example.ch', 'cancelled');
      await add(thisYearDraft, 'carla@example.ch');
      await add(cancelled, 'dora@example.ch');
      await add(archived, 'emil@example.ch');
      await add(lastYear, 'anna@example.ch');
      await add(undated, 'fritz@example.ch');

      const stats = await call<Record<string, unknown>>(db, admin, 'public.admin_dashboard_stats()');
      expect(stats).toEqual({
        total_events: 6,
        // A-D start today; E is past, F has no date.
        upcoming_events: 4,
        // anna (any case), beat, storno, carla, dora, emil, fritz
        unique_participants: 7,
        // A 3 x 100 + B 1 x 50 + C 1 x 10 + D 1 x 10 + E 1 x 20 + F 1 x 30
        revenue: 420,
        booked_cents: 42000,
        // No discount codes.
        discount_cents: 0,
        // No payment rows: nothing received, all of it open.
        received_cents: 0,
        voucher_cents: 0,
        open_cents: 42000,
        needs_review: 0,
        // this year, not cancelled or archived: A (3/10) and B (1/10) -> 4/20
        occupancy_percent: 20,
      });
    }));

  it('answers zeros on an empty database', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      await clearBookingsAndEvents(db);
      const stats = await call(db, admin, 'public.admin_dashboard_stats()');
      expect(stats).toEqual({
        total_events: 0,
        upcoming_events: 0,
        unique_participants: 0,
        revenue: 0,
        booked_cents: 0,
        discount_cents: 0,
        received_cents: 0,
        voucher_cents: 0,
        open_cents: 0,
        needs_review: 0,
        occupancy_percent: 0,
      });
    }));
});
