import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, service, type Session } from './support/db';
import { availabilityOf, eventById, insertEvent, insertParticipant } from './support/fixtures';

// Several persons in one booking (supabase/schemas/20_bookings.sql): the count, the availability answer,
// register_for_event's limits and the dashboard all count persons.

// As the register-for-event edge function calls it (visitors may not call it directly).
const REGISTER = 'select public.register_for_event($1, $2, $3, $4, $5, $6, $7, $8) as result';

async function book(db: Session, eventId: string, persons: number | null, email = 'gruppe@example.ch') {
  const outcome = await db.as<{
    result: { participant_id: string; persons: number; current_participants: number };
  }>(service, REGISTER, [eventId, 'Gruppe Muster', email, '+41 79 123 45 67', 'onsite', '', null, persons]);
  return { result: outcome.rows[0]?.result, error: outcome.error };
}

describe('persons per booking', () => {
  it('books several persons in one registration and counts them', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 10 });
      const { result, error } = await book(db, event.id, 3);
      expect(error).toBeNull();
      expect(result).toMatchObject({ persons: 3, current_participants: 3 });
      expect(await availabilityOf(db, event.id)).toEqual({
        seats_left: 7,
        is_full: false,
        is_bookable: true,
        reason: null,
        max_persons: 6,
      });
      const [row] = await db.query<{ persons: number }>(
        'select persons from public.participants where id = $1',
        [result!.participant_id],
      );
      expect(row?.persons).toBe(3);
    }));

  it('offers at most the seats left, and at most the per-booking limit', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 10, max_persons_per_booking: 4 });
      expect((await availabilityOf(db, event.id)).max_persons).toBe(4);
      await insertParticipant(db, event.id, { persons: 8 });
      expect(await availabilityOf(db, event.id)).toMatchObject({ seats_left: 2, max_persons: 2 });
    }));

  it('refuses more persons than the event allows per booking (the limit in DETAIL)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 20, max_persons_per_booking: 4 });
      const { error } = await book(db, event.id, 5);
      expect(error).toMatchObject({ message: 'TOO_MANY_PERSONS', detail: '4' });
      expect((await eventById(db, event.id)).current_participants).toBe(0);
    }));

  it('refuses more persons than seats left (the seats left in DETAIL), then books what fits', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 5 });
      await insertParticipant(db, event.id, { persons: 3 });
      const tooMany = await book(db, event.id, 3);
      expect(tooMany.error).toMatchObject({ message: 'NOT_ENOUGH_SEATS', detail: '2' });
      const fits = await book(db, event.id, 2);
      expect(fits.error).toBeNull();
      expect(await availabilityOf(db, event.id)).toMatchObject({
        is_full: true,
        reason: 'full',
        max_persons: 0,
      });
      expect((await book(db, event.id, 1, 'spaet@example.ch')).error).toMatchObject({
        message: 'EVENT_SOLD_OUT',
      });
    }));

  it('refuses zero, negative or missing persons as invalid input', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      for (const persons of [0, -1, null]) {
        expect((await book(db, event.id, persons)).error).toMatchObject({
          message: 'INVALID_INPUT',
          detail: 'persons',
        });
      }
    }));

  it('frees all persons of a cancelled booking and recounts when persons change', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 10 });
      const group = await insertParticipant(db, event.id, { persons: 4 });
      await insertParticipant(db, event.id, { persons: 2, email: 'zwei@example.ch' });
      expect((await eventById(db, event.id)).current_participants).toBe(6);
      await db.query('update public.participants set persons = 1 where id = $1', [group.id]);
      expect((await eventById(db, event.id)).current_participants).toBe(3);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [group.id]);
      expect((await eventById(db, event.id)).current_participants).toBe(2);
    }));

  it('counts persons in the dashboard revenue', () =>
    inRolledBackTransaction(async (db) => {
      const revenue = async () => {
        const outcome = await db.as<{ revenue: string }>(
          service,
          `select (public.admin_dashboard_stats() ->> 'revenue') as revenue`,
        );
        expect(outcome.error).toBeNull();
        return Number(outcome.rows[0]!.revenue);
      };
      const before = await revenue();
      const event = await insertEvent(db, { max_participants: 10, price: 95 });
      await insertParticipant(db, event.id, { persons: 2 });
      expect((await revenue()) - before).toBe(190);
    }));

  it('lets the admin add a group booking (persons in the row)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 10 });
      const outcome = await db.as<{ persons: number }>(
        service,
        `select (public.admin_add_booking($1, 'Familie Muster', 'familie@example.ch', '+41 79 123 45 67',
                 3, 'onsite', '', false)).persons`,
        [event.id],
      );
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]?.persons).toBe(3);
      expect((await eventById(db, event.id)).current_participants).toBe(3);
    }));

  it('puts persons into the confirmation mail', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 10 });
      const { result } = await book(db, event.id, 2);
      const [mail] = await db.query<{ persons: number }>(
        `select (payload #>> '{participant,persons}')::int as persons from public.mail_outbox
          where participant_id = $1 and kind = 'participant_confirmation'`,
        [result!.participant_id],
      );
      expect(mail?.persons).toBe(2);
    }));
});
