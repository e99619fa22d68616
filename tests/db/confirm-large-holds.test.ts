import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { eventById, insertEvent, type EventRow } from './support/fixtures';

// Unconfirmed large on-site and invoice bookings expire (issue 25;
// supabase/migrations/20261128112000_confirm_large_holds.sql): a visitor's booking of more than 2
// persons paid on site or by invoice is held for 60 minutes until the link in its mail confirms
// it; unconfirmed, release_expired_holds frees its seats. The clock is moved inside the rolled-back
// transaction (private.clock, what shiftClock() writes), so the test waits for nothing.

/** As the edge function books for a visitor: with the client address (the visitor path). */
const REGISTER_FROM = `select public.register_for_event($1, 'Petra Muster', $2, '+41 79 123 45 67', $3, '', null, $4, '{}', $5, 50) as result`;

interface Booking {
  participant_id: string;
  reference: string;
  status: string;
}

async function book(
  db: Session,
  event: Pick<EventRow, 'id'>,
  persons: number,
  method = 'onsite',
  address: string | null = `ip:${randomUUID()}`,
): Promise<Booking> {
  const outcome = await db.as<{ result: Booking }>(service, REGISTER_FROM, [
    event.id,
    `${randomUUID()}@example.ch`,
    method,
    persons,
    address,
  ]);
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]!.result;
}

async function row(db: Session, id: string) {
  const [participant] = await db.query<{
    status: string;
    hold_expires_at: Date | null;
    hold_confirm_token_hash: string | null;
  }>('select status, hold_expires_at, hold_confirm_token_hash from public.participants where id = $1', [id]);
  return participant!;
}

/** The confirm link's token from the booking's queued confirmation mail. */
async function confirmToken(db: Session, id: string): Promise<string | null> {
  const [mail] = await db.query<{ token: string | null }>(
    `select payload #>> '{confirmHold,token}' as token from public.mail_outbox
      where participant_id = $1 and kind = 'participant_confirmation' order by created_at desc limit 1`,
    [id],
  );
  return mail?.token ?? null;
}

async function confirm(db: Session, reference: string, token: string | null) {
  const outcome = await db.as<{ result: { outcome: string; event_slug: string } }>(
    anon,
    'select public.confirm_booking($1, $2) as result',
    [reference, token],
  );
  return { result: outcome.rows[0]?.result, error: outcome.error };
}

const shiftClock = (db: Session, shift: string) =>
  db.query(
    `insert into private.clock (shift) values ($1::interval)
     on conflict (singleton) do update set shift = excluded.shift`,
    [shift],
  );

const history = async (db: Session, id: string) =>
  (
    await db.query<{ action: string }>(
      'select action from public.booking_history where participant_id = $1 order by created_at, id',
      [id],
    )
  ).map((entry) => entry.action);

describe('large on-site and invoice bookings wait for the click in their mail', () => {
  it('holds more than 2 persons on site for 60 minutes; 1-2 persons are confirmed at once', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_persons_per_booking: 6 });
      const [now] = await db.query<{ now: Date }>('select private.now() as now');
      const family = await book(db, event, 4);
      expect(family.status).toBe('held');
      const held = await row(db, family.participant_id);
      const minutes = (held.hold_expires_at!.getTime() - now!.now.getTime()) / 60_000;
      expect(minutes).toBeGreaterThan(59.9);
      expect(minutes).toBeLessThan(60.1);
      // The mail carries the confirm link's token (stored only as its hash), apart from the manage token.
      const token = await confirmToken(db, family.participant_id);
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(held.hold_confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(held.hold_confirm_token_hash).not.toBe(token);
      // Held seats count: the event's seats are taken while it waits.
      expect((await eventById(db, event.id)).current_participants).toBe(4);

      for (const persons of [1, 2]) {
        const small = await book(db, event, persons);
        expect(small.status).toBe('confirmed');
        expect(await confirmToken(db, small.participant_id)).toBeNull();
      }
    }));

  it('holds invoice bookings alike, but not online ones, nor without an address key (waiting-list claim)', () =>
    inRolledBackTransaction(async (db) => {
      await db.query(
        `insert into public.invoice_creditor (id, name, street, building_number, postal_code, city, country, iban, payment_days)
         values (true, 'Sinneswerk', 'Dorfstrasse', '12', '5034', 'Suhr', 'CH', 'CH4431999123000889012', 14)
         on conflict (id) do update set iban = excluded.iban`,
      );
      const event = await insertEvent(db, {
        max_persons_per_booking: 6,
        payment_methods: ['stripe', 'onsite', 'invoice'],
      });
      const invoice = await book(db, event, 3, 'invoice');
      expect(invoice.status).toBe('held');
      expect(await confirmToken(db, invoice.participant_id)).toMatch(/^[0-9a-f]{64}$/);
      // An online booking keeps its 30-minute payment hold and has no confirm link.
      const online = await book(db, event, 3, 'stripe');
      expect(online.status).toBe('held');
      expect(await confirmToken(db, online.participant_id)).toBeNull();
      expect((await book(db, event, 3, 'onsite', null)).status).toBe('confirmed');
    }));

  it('confirms before the hold ends, once (a second click says already confirmed)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_persons_per_booking: 6 });
      const family = await book(db, event, 4);
      const token = await confirmToken(db, family.participant_id);
      expect((await confirm(db, family.reference, 'falsch')).error?.message).toBe('TOKEN_INVALID');
      expect((await confirm(db, family.reference, null)).error?.message).toBe('TOKEN_INVALID');

      await shiftClock(db, '59 minutes');
      const first = await confirm(db, family.reference.toLowerCase(), token);
      expect(first.error).toBeNull();
      expect(first.result).toMatchObject({ outcome: 'confirmed', event_slug: event.slug });
      expect(await row(db, family.participant_id)).toMatchObject({
        status: 'confirmed',
        hold_expires_at: null,
      });
      expect((await confirm(db, family.reference, token)).result?.outcome).toBe('already_confirmed');
      expect(await history(db, family.participant_id)).toEqual(['booked', 'confirmed_by_visitor']);

      // Confirmed, the cron job no longer touches it.
      await shiftClock(db, '3 hours');
      await db.query('select public.release_expired_holds()');
      expect((await row(db, family.participant_id)).status).toBe('confirmed');
    }));

  it('frees the seats after 60 minutes unconfirmed, offers them to the waiting list, and refuses the late click', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 4, max_persons_per_booking: 6 });
      const family = await book(db, event, 4);
      const token = await confirmToken(db, family.participant_id);
      const waiting = await db.as(
        service,
        `select public.join_waitlist($1, 'Wanda Warte', 'wanda@example.ch', '+41 79 123 45 67', 2)`,
        [event.id],
      );
      expect(waiting.error).toBeNull();

      await shiftClock(db, '61 minutes');
      // Lapsed but not yet released: the click is refused already.
      const late = await confirm(db, family.reference, token);
      expect(late.error?.message).toBe('CONFIRMATION_EXPIRED');
      expect(late.error?.detail).toBe(event.slug);

      // At least this one: the shifted clock also lapses holds other test files committed meanwhile.
      expect(
        (await db.query<{ n: number }>('select public.release_expired_holds() as n'))[0]!.n,
      ).toBeGreaterThanOrEqual(1);
      expect((await row(db, family.participant_id)).status).toBe('expired');
      expect((await eventById(db, event.id)).current_participants).toBe(0);
      const [entry] = await db.query<{ status: string }>(
        `select status from public.waitlist_entries where event_id = $1 and email = 'wanda@example.ch'`,
        [event.id],
      );
      expect(entry?.status).toBe('offered');
      expect((await confirm(db, family.reference, token)).error?.message).toBe('CONFIRMATION_EXPIRED');
      expect(await history(db, family.participant_id)).toEqual(['booked', 'hold_expired']);
    }));

  it('does not hold a booking the team adds', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_persons_per_booking: 6 });
      const admin = await db.createUser({ admin: true });
      const added = await db.as<{ status: string; hold_expires_at: string | null }>(
        admin,
        `select status, hold_expires_at from public.admin_add_booking($1, 'Paul Beispiel', 'paul@example.ch', '+41 79 765 43 21', 5, 'onsite')`,
        [event.id],
      );
      expect(added.error).toBeNull();
      expect(added.rows[0]).toEqual({ status: 'confirmed', hold_expires_at: null });
    }));
});
