import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, service, type Session } from './support/db';
import { availabilityOf, eventById, insertEvent, insertParticipant, type EventRow } from './support/fixtures';

// public.availability(events) is the one capacity rule: register_for_event refuses exactly when
// it says "not bookable", and "full" follows the count, so freed seats are bookable at once.

const REGISTER = 'select public.register_for_event($1, $2, $3, $4, $5) as result';

function register(db: Session, event: Pick<EventRow, 'id'>, email: string) {
  return db.as<{ result: { participant_id: string } }>(service, REGISTER, [
    event.id,
    'Petra Muster',
    email,
    '+41 79 123 45 67',
    'onsite',
  ]);
}

/** A published event with one seat, taken by a visitor's registration. */
async function fullEvent(db: Session) {
  const event = await insertEvent(db, { max_participants: 1 });
  const { rows, error } = await register(db, event, 'erste@example.ch');
  if (error) throw error;
  return { event, participantId: rows[0]!.result.participant_id };
}

describe('availability(events)', () => {
  it('answers seats left, full, bookable and why not, for a visitor', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 3 });
      expect(await availabilityOf(db, event.id)).toEqual({
        seats_left: 3,
        is_full: false,
        is_bookable: true,
        reason: null,
        max_persons: 3,
      });
      await insertParticipant(db, event.id);
      await insertParticipant(db, event.id, { status: 'cancelled' });
      expect(await availabilityOf(db, event.id)).toMatchObject({ seats_left: 2, is_bookable: true });
    }));

  const reasons: Array<[string, Record<string, unknown> & { startInDays?: number | null }]> = [
    ['draft', { status: 'draft' }],
    ['archived', { status: 'archived' }],
    ['cancelled', { is_cancelled: true, is_sold_out: true }],
    ['past', { startInDays: -1 }],
    ['closed', { is_sold_out: true }],
  ];

  it.each(reasons)('says %s and not bookable', (reason, columns) =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, columns);
      expect(await availabilityOf(db, event.id, service)).toMatchObject({
        is_bookable: false,
        is_full: false,
        reason,
      });
    }),
  );

  it('counts today and an undated event as not past', () =>
    inRolledBackTransaction(async (db) => {
      for (const startInDays of [0, null]) {
        const event = await insertEvent(db, { startInDays });
        expect((await availabilityOf(db, event.id)).reason).toBeNull();
      }
    }));

  it('says full when every seat is taken, also beyond capacity (seats left never negative)', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await fullEvent(db);
      expect(await availabilityOf(db, event.id)).toEqual({
        seats_left: 0,
        is_full: true,
        is_bookable: false,
        reason: 'full',
        max_persons: 0,
      });
      await insertParticipant(db, event.id, { email: 'extra@example.ch' });
      expect((await availabilityOf(db, event.id)).seats_left).toBe(0);
    }));
});

describe('freed seats are bookable at once; is_sold_out is only the admin switch', () => {
  it('the last seat makes the event full without touching is_sold_out', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await fullEvent(db);
      expect((await eventById(db, event.id)).is_sold_out).toBe(false);
      expect((await register(db, event, 'zu-spaet@example.ch')).error?.message).toBe('EVENT_SOLD_OUT');
    }));

  it('a cancellation by the admin frees the seat for the next visitor', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const { event, participantId } = await fullEvent(db);
      const cancel = await db.as(admin, 'select public.admin_cancel_booking($1)', [participantId]);
      expect(cancel.error).toBeNull();
      expect(await availabilityOf(db, event.id)).toMatchObject({ seats_left: 1, is_bookable: true });
      expect((await register(db, event, 'naechste@example.ch')).error).toBeNull();
      expect((await eventById(db, event.id)).is_sold_out).toBe(false);
    }));

  it('removing a (cancelled) participant keeps the seat free for the next visitor', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const { event, participantId } = await fullEvent(db);
      // A booking holding seats is cancelled, not deleted (issue 24).
      expect(
        (await db.as(admin, 'select public.admin_delete_participant($1)', [participantId])).error?.message,
      ).toBe('BOOKING_ACTIVE');
      expect(
        (await db.as(admin, 'select public.admin_cancel_booking($1)', [participantId])).error,
      ).toBeNull();
      expect(
        (await db.as(admin, 'select public.admin_delete_participant($1)', [participantId])).error,
      ).toBeNull();
      expect((await availabilityOf(db, event.id)).is_bookable).toBe(true);
      expect((await register(db, event, 'naechste@example.ch')).error).toBeNull();
    }));

  it('lowering the capacity to the count makes the event full, not closed', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { max_participants: 3 });
      await insertParticipant(db, event.id);
      await db.as(admin, 'update public.events set max_participants = 1 where id = $1', [event.id]);
      expect(await eventById(db, event.id)).toMatchObject({ max_participants: 1, is_sold_out: false });
      expect((await availabilityOf(db, event.id)).reason).toBe('full');
    }));

  it('closing bookings is the admin decision: refused while closed, bookable again when reopened', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const user = await db.createUser();
      const event = await insertEvent(db);
      const close = (actor: typeof admin, value: boolean) =>
        db.as(actor, 'update public.events set is_sold_out = $2 where id = $1', [event.id, value]);

      expect((await close(user, true)).rowCount).toBe(0);
      expect((await eventById(db, event.id)).is_sold_out).toBe(false);
      expect((await close(admin, true)).rowCount).toBe(1);
      expect((await availabilityOf(db, event.id)).reason).toBe('closed');
      expect((await register(db, event, 'a@example.ch')).error?.message).toBe('EVENT_SOLD_OUT');
      await close(admin, false);
      expect((await register(db, event, 'a@example.ch')).error).toBeNull();
    }));
});
