import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, inRolledBackTransaction, removeEvents, Session } from './support/db';
import { insertEvent } from './support/fixtures';

// private.lock_bookable_event: the one preamble of every transition that takes seats on an event
// (supabase/migrations/20261128111000_lock_bookable_event.sql). The callers' own codes are kept;
// their tests (register-for-event, waitlist, admin-participant-changes, booking-state-machine)
// stay as they were.

/** Runs a statement as the superuser in a savepoint: 'ok' or the error's message. */
async function attempt(db: Session, text: string, params: unknown[]): Promise<string> {
  await db.query('savepoint attempt');
  try {
    await db.query(text, params);
    await db.query('release savepoint attempt');
    return 'ok';
  } catch (error) {
    await db.query('rollback to savepoint attempt');
    return (error as Error).message;
  }
}

const LOCK = 'select private.lock_bookable_event($1, $2)';

describe('private.lock_bookable_event', () => {
  it.each([
    ['a published event with seats', 'ok', 'ok', {}],
    ['a draft', 'EVENT_NOT_FOUND', 'ok', { status: 'draft' }],
    ['an archived event', 'EVENT_NOT_FOUND', 'EVENT_NOT_BOOKABLE', { status: 'archived' }],
    ['a cancelled event', 'EVENT_CANCELLED', 'EVENT_CANCELLED', { is_cancelled: true }],
    ['an event in the past', 'EVENT_NOT_BOOKABLE', 'EVENT_PAST', { startInDays: -2 }],
    ['an event closed for bookings', 'EVENT_SOLD_OUT', 'ok', { is_sold_out: true }],
  ] as const)('answers %s: %s for a visitor, %s for staff', (_label, visitor, staff, columns) =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { ...columns });
      expect(await attempt(db, LOCK, [event.id, 'visitor'])).toBe(visitor);
      expect(await attempt(db, LOCK, [event.id, 'staff'])).toBe(staff);
    }),
  );

  it('answers an unknown event EVENT_NOT_FOUND for both, and refuses an unknown caller kind', () =>
    inRolledBackTransaction(async (db) => {
      const unknown = '00000000-0000-4000-8000-00000000dead';
      expect(await attempt(db, LOCK, [unknown, 'visitor'])).toBe('EVENT_NOT_FOUND');
      expect(await attempt(db, LOCK, [unknown, 'staff'])).toBe('EVENT_NOT_FOUND');
      const event = await insertEvent(db);
      expect(await attempt(db, LOCK, [event.id, 'anyone'])).toMatch(/unknown caller kind/);
    }));

  describe('locks the event row until the transaction ends', () => {
    let eventId = '';
    beforeAll(async () => {
      const client = await connect();
      try {
        eventId = (await insertEvent(new Session(client))).id;
      } finally {
        await client.end();
      }
    });
    afterAll(async () => {
      const client = await connect();
      try {
        await removeEvents(client, [eventId]);
      } finally {
        await client.end();
      }
    });

    it('so a second booking of the same event waits', () =>
      inRolledBackTransaction(async (db) => {
        await db.query(LOCK, [eventId, 'visitor']);
        const other = await connect();
        try {
          await expect(
            other.query('select 1 from public.events e where e.id = $1 for no key update nowait', [eventId]),
          ).rejects.toMatchObject({ code: '55P03' });
        } finally {
          await other.end();
        }
      }));
  });

  it('is what every seat-taking transition calls, and none of them locks the event itself', async () => {
    const client = await connect();
    try {
      const { rows } = await client.query<{ name: string; source: string }>(
        `select p.oid::regproc::text as name, p.prosrc as source from pg_proc p
          where p.oid::regproc::text in ('private.book', 'admin_add_booking', 'private.move_booking',
            'admin_reactivate_booking')`,
      );
      // The move is private.move_booking (admin_move_booking and admin_move_hut_booking call it).
      expect(rows.map((row) => row.name).sort()).toEqual([
        'admin_add_booking',
        'admin_reactivate_booking',
        'private.book',
        'private.move_booking',
      ]);
      for (const { name, source } of rows) {
        expect(source, name).toContain('private.lock_bookable_event(');
        expect(source, name).not.toContain('check_staff_target');
        expect(source, name).not.toMatch(/is_bookable|when 'closed' then/);
      }
    } finally {
      await client.end();
    }
  });
});
