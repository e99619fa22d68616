import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Actor, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// The admin's notices (supabase/schemas/60_admin.sql): admin_notify_event_cancelled and
// admin_notify_event_changed queue one mail per address that booked or waits.

const CANCELLED = 'select public.admin_notify_event_cancelled($1, $2) as count';
const CHANGED = 'select public.admin_notify_event_changed($1, $2, $3, $4, $5, $6, $7) as count';

async function joinWaitlist(db: Session, eventId: string, email: string, status = 'waiting') {
  await db.query(
    `insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash, status, ended_at)
     values ($1, 'Wanda Warte', $2, '+41 79 000 00 00', 1, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), $3,
       case when $3 = 'waiting' then null else now() end)`,
    [eventId, email, status],
  );
}

interface NoticeRow {
  kind: string;
  recipient: string;
  participant_id: string | null;
  payload: Record<string, unknown> & { event: { id: string; title: string } };
}

async function notices(db: Session, eventId: string, kind: string): Promise<NoticeRow[]> {
  return db.query<NoticeRow>(
    `select kind, recipient, participant_id, payload from public.mail_outbox
     where kind = $2 and payload #>> '{event,id}' = $1 order by recipient`,
    [eventId, kind],
  );
}

/** An event with two bookings (one paid), one cancelled booking, a waiting list and a duplicate address. */
async function eventWithPeople(db: Session) {
  const event = await insertEvent(db, { start_time: '19:00', location: 'Suhr' });
  const anna = await insertParticipant(db, event.id, { email: 'anna@example.ch', paid: true });
  const ben = await insertParticipant(db, event.id, { email: 'ben@example.ch' });
  await insertParticipant(db, event.id, { email: 'storniert@example.ch', status: 'cancelled' });
  await joinWaitlist(db, event.id, 'wanda@example.ch');
  await joinWaitlist(db, event.id, 'otto@example.ch', 'left');
  // Booked and (with another spelling) on the waiting list: one mail, as a booking.
  await joinWaitlist(db, event.id, 'BEN@example.ch');
  return { event, anna, ben };
}

async function actors(db: Session): Promise<{ refused: Actor[]; admin: Actor }> {
  return { refused: [anon, await db.createUser()], admin: await db.createUser({ admin: true }) };
}

describe('event cancelled notice', () => {
  it('refuses anon and a non-admin, queuing nothing', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await eventWithPeople(db);
      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      const { refused } = await actors(db);
      for (const actor of refused) {
        const outcome = await db.as(actor, CANCELLED, [event.id, '']);
        expect(outcome.error?.code).toBe('42501');
      }
      expect(await notices(db, event.id, 'event_cancelled')).toHaveLength(0);
    }));

  it('mails every booking and waiting-list address once, and not again on a second call', () =>
    inRolledBackTransaction(async (db) => {
      const { event, anna, ben } = await eventWithPeople(db);
      const { admin } = await actors(db);
      const live = await db.as(admin, CANCELLED, [event.id, '']);
      expect(live.error?.message).toBe('EVENT_NOT_CANCELLED');

      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      const sent = await db.as<{ count: number }>(admin, CANCELLED, [
        event.id,
        'Die Kursleiterin ist krank.',
      ]);
      expect(sent.error).toBeNull();
      expect(sent.rows[0]?.count).toBe(3);
      const rows = await notices(db, event.id, 'event_cancelled');
      expect(
        rows.map((row) => [row.recipient, row.participant_id, row.payload.paid, row.payload.waitlist]),
      ).toEqual([
        ['anna@example.ch', anna.id, true, false],
        ['ben@example.ch', ben.id, false, false],
        ['wanda@example.ch', null, false, true],
      ]);
      expect(rows[0]?.payload).toMatchObject({
        message: 'Die Kursleiterin ist krank.',
        event: { id: event.id, title: event.title, startTime: '19:00', endTime: null, location: 'Suhr' },
      });

      const again = await db.as<{ count: number }>(admin, CANCELLED, [event.id, '']);
      expect(again.rows[0]?.count).toBe(0);
      expect(await notices(db, event.id, 'event_cancelled')).toHaveLength(3);
    }));

  it('names an unknown event', () =>
    inRolledBackTransaction(async (db) => {
      const { admin } = await actors(db);
      const outcome = await db.as(admin, CANCELLED, [randomUUID(), '']);
      expect(outcome.error?.message).toBe('EVENT_NOT_FOUND');
    }));
});

describe('event changed notice', () => {
  it('refuses anon and a non-admin, queuing nothing', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await eventWithPeople(db);
      const { refused } = await actors(db);
      for (const actor of refused) {
        const outcome = await db.as(actor, CHANGED, [
          event.id,
          event.start_date,
          null,
          '18:00',
          null,
          'Suhr',
          '',
        ]);
        expect(outcome.error?.code).toBe('42501');
      }
      expect(await notices(db, event.id, 'event_changed')).toHaveLength(0);
    }));

  it('mails old and new values to every address, with a manage token for bookings', () =>
    inRolledBackTransaction(async (db) => {
      const { event, anna } = await eventWithPeople(db);
      const { admin } = await actors(db);
      const sent = await db.as<{ count: number }>(admin, CHANGED, [
        event.id,
        event.start_date,
        null,
        '18:00',
        null,
        'Aarau',
        '',
      ]);
      expect(sent.error).toBeNull();
      expect(sent.rows[0]?.count).toBe(3);
      const rows = await notices(db, event.id, 'event_changed');
      expect(rows.map((row) => row.recipient)).toEqual([
        'anna@example.ch',
        'ben@example.ch',
        'wanda@example.ch',
      ]);
      expect(rows[0]?.payload).toMatchObject({
        waitlist: false,
        reference: anna.reference,
        before: {
          startDate: event.start_date,
          endDate: null,
          startTime: '18:00',
          endTime: null,
          location: 'Aarau',
        },
        event: { startTime: '19:00', endTime: null, location: 'Suhr' },
      });
      expect(rows[0]?.payload.manageToken).toEqual(expect.any(String));
      expect(rows[2]?.payload).not.toHaveProperty('manageToken');
      expect(rows[2]?.payload.waitlist).toBe(true);
    }));

  it('reads left-out dates as "no date", as the event form sends them (supabase/schemas/60_admin.sql)', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await eventWithPeople(db);
      const { admin } = await actors(db);
      const named = `select public.admin_notify_event_changed(
        p_event_id => $1, p_old_start_date => $2, p_old_start_time => $3, p_old_location => $4) as count`;
      const sent = await db.as<{ count: number }>(admin, named, [
        event.id,
        event.start_date,
        '18:00',
        'Suhr',
      ]);
      expect(sent.error).toBeNull();
      expect(sent.rows[0]?.count).toBe(3);
      const [first] = await notices(db, event.id, 'event_changed');
      expect(first?.payload).toMatchObject({
        message: '',
        before: {
          startDate: event.start_date,
          endDate: null,
          startTime: '18:00',
          endTime: null,
          location: 'Suhr',
        },
      });
    }));

  it('refuses when nothing changed or the event is cancelled', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await eventWithPeople(db);
      const { admin } = await actors(db);
      const same = await db.as(admin, CHANGED, [event.id, event.start_date, null, '19:00', null, 'Suhr', '']);
      expect(same.error?.message).toBe('NOTHING_CHANGED');
      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      const cancelled = await db.as(admin, CHANGED, [
        event.id,
        event.start_date,
        null,
        '18:00',
        null,
        'Suhr',
        '',
      ]);
      expect(cancelled.error?.message).toBe('EVENT_CANCELLED');
      expect(await notices(db, event.id, 'event_changed')).toHaveLength(0);
    }));
});
