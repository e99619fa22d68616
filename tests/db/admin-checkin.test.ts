import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// Check-in on the evening (supabase/schemas/60_admin.sql): admin_set_checked_in.

interface CheckIn {
  checked_in_at: string | null;
}

async function setUp(db: Session) {
  const admin = await db.createUser({ admin: true });
  const user = await db.createUser();
  const event = await insertEvent(db, { title: 'Abend', startInDays: 0 });
  const participant = await insertParticipant(db, event.id, { persons: 2 });
  return { admin, user, event, participant };
}

async function checkedInAt(db: Session, id: string): Promise<string | null> {
  const [row] = await db.query<CheckIn>('select checked_in_at from public.participants where id = $1', [id]);
  return row!.checked_in_at;
}

describe('admin_set_checked_in', () => {
  it('refuses anon and a non-admin (42501), nothing changes', () =>
    inRolledBackTransaction(async (db) => {
      const { user, participant } = await setUp(db);
      for (const actor of [anon, user]) {
        const outcome = await db.as(actor, 'select public.admin_set_checked_in($1, true)', [participant.id]);
        expect(outcome.error?.code).toBe('42501');
      }
      expect(await checkedInAt(db, participant.id)).toBeNull();
    }));

  it('marks present, keeps the first time on a second mark, and undoes', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant } = await setUp(db);
      const first = await db.as<{ r: CheckIn }>(
        admin,
        'select to_jsonb(public.admin_set_checked_in($1, true)) as r',
        [participant.id],
      );
      expect(first.error).toBeNull();
      const firstTime = first.rows[0]!.r.checked_in_at;
      expect(firstTime).not.toBeNull();
      expect(await checkedInAt(db, participant.id)).not.toBeNull();

      const again = await db.as<{ r: CheckIn }>(
        admin,
        'select to_jsonb(public.admin_set_checked_in($1, true)) as r',
        [participant.id],
      );
      expect(again.rows[0]!.r.checked_in_at).toBe(firstTime);

      const undo = await db.as(admin, 'select public.admin_set_checked_in($1, false)', [participant.id]);
      expect(undo.error).toBeNull();
      expect(await checkedInAt(db, participant.id)).toBeNull();
    }));

  it('does not mark a cancelled registration present, but clears a mark on one', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant } = await setUp(db);
      await db.as(admin, 'select public.admin_set_checked_in($1, true)', [participant.id]);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [participant.id]);
      const refused = await db.as(admin, 'select public.admin_set_checked_in($1, true)', [participant.id]);
      expect(refused.error?.message).toBe('PARTICIPANT_CANCELLED');
      const cleared = await db.as(admin, 'select public.admin_set_checked_in($1, false)', [participant.id]);
      expect(cleared.error).toBeNull();
      expect(await checkedInAt(db, participant.id)).toBeNull();
    }));

  it('names unknown registrations and missing input', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant } = await setUp(db);
      const unknown = await db.as(admin, 'select public.admin_set_checked_in($1, true)', [randomUUID()]);
      expect(unknown.error?.message).toBe('PARTICIPANT_NOT_FOUND');
      const missing = await db.as(admin, 'select public.admin_set_checked_in($1, null)', [participant.id]);
      expect({ message: missing.error?.message, detail: missing.error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'present',
      });
    }));
});
