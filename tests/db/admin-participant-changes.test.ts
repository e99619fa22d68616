import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';
import { eventById, insertEvent, insertParticipant, type ParticipantRow } from './support/fixtures';

// Editing, moving and re-confirming a registration (supabase/schemas/60_admin.sql).

async function setUp(db: Session) {
  const admin = await db.createUser({ admin: true });
  const user = await db.createUser();
  const from = await insertEvent(db, { title: 'Von', max_participants: 3 });
  const to = await insertEvent(db, { title: 'Nach', max_participants: 2 });
  const participant = await insertParticipant(db, from.id);
  return { admin, user, from, to, participant };
}

const CALLS: Array<[string, (ids: { participant: string; event: string }) => unknown[]]> = [
  [
    'public.admin_update_participant($1, $2, $3, $4, $5)',
    (ids) => [ids.participant, 'Neu', 'neu@example.ch', '079 000 00 00', 'x'],
  ],
  ['public.admin_change_persons($1, $2)', (ids) => [ids.participant, 2]],
  ['public.admin_move_booking($1, $2)', (ids) => [ids.participant, ids.event]],
  ['public.admin_resend_confirmation($1)', (ids) => [ids.participant]],
];

describe('participant change functions refuse everybody but admins', () => {
  it.each(CALLS)('%s: anon and a non-admin get 42501, nothing changes', (expression, params) =>
    inRolledBackTransaction(async (db) => {
      const { user, to, participant } = await setUp(db);
      for (const actor of [anon, user]) {
        const outcome = await db.as(
          actor,
          `select ${expression}`,
          params({ participant: participant.id, event: to.id }),
        );
        expect(outcome.error?.code).toBe('42501');
      }
      const [after] = await db.query<ParticipantRow>('select * from public.participants where id = $1', [
        participant.id,
      ]);
      expect(after).toMatchObject({ name: participant.name, event_id: participant.event_id });
      const [mails] = await db.query<{ count: number }>(
        'select count(*)::int as count from public.mail_outbox where participant_id = $1',
        [participant.id],
      );
      expect(mails?.count).toBe(0);
    }),
  );
});

describe('admin_update_participant', () => {
  it('changes name, e-mail, phone and notes with the registration checks', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant } = await setUp(db);
      const outcome = await db.as<{ r: ParticipantRow }>(
        admin,
        'select to_jsonb(public.admin_update_participant($1, $2, $3, $4, $5)) as r',
        [participant.id, ' Petra Neu ', 'petra.neu@example.ch', '+41 79 555 55 55', 'Vegetarisch'],
      );
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]!.r).toMatchObject({
        name: 'Petra Neu',
        email: 'petra.neu@example.ch',
        // Stored in E.164 (supabase/schemas/00_helpers.sql).
        phone: '+41795555555',
        notes: 'Vegetarisch',
        status: participant.status,
      });
      const bad = await db.as(admin, 'select public.admin_update_participant($1, $2, $3, $4)', [
        participant.id,
        'Petra',
        'keine-adresse',
        '079 123 45 67',
      ]);
      expect({ message: bad.error?.message, detail: bad.error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'email',
      });
      const unknown = await db.as(admin, 'select public.admin_update_participant($1, $2, $3, $4)', [
        randomUUID(),
        'Petra',
        'petra@example.ch',
        '079 123 45 67',
      ]);
      expect(unknown.error?.message).toBe('PARTICIPANT_NOT_FOUND');
    }));
});

describe('admin_change_persons', () => {
  it('takes more persons only while seats are free, fewer always; the count follows', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, from, participant } = await setUp(db);
      const update = (persons: number) =>
        db.as(admin, 'select public.admin_change_persons($1, $2)', [participant.id, persons]);
      await insertParticipant(db, from.id, { email: 'a@example.ch' });
      expect((await update(2)).error).toBeNull();
      expect((await eventById(db, from.id)).current_participants).toBe(3);

      const over = await update(3);
      expect({ message: over.error?.message, detail: over.error?.detail }).toEqual({
        message: 'NOT_ENOUGH_SEATS',
        detail: '0',
      });
      expect((await eventById(db, from.id)).current_participants).toBe(3);

      expect((await update(1)).error).toBeNull();
      expect((await eventById(db, from.id)).current_participants).toBe(2);

      const invalid = await update(0);
      expect({ message: invalid.error?.message, detail: invalid.error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'persons',
      });
    }));

  it('refuses a cancelled booking (it holds no seats; reactivate it first)', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, from, participant } = await setUp(db);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [participant.id]);
      const outcome = await db.as(admin, 'select public.admin_change_persons($1, 5)', [participant.id]);
      expect(outcome.error?.message).toBe('TRANSITION_NOT_ALLOWED');
      expect((await eventById(db, from.id)).current_participants).toBe(0);
    }));
});

describe('admin_move_booking', () => {
  it('moves a registration and both counts follow', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, from, to, participant } = await setUp(db);
      const outcome = await db.as(admin, 'select public.admin_move_booking($1, $2)', [participant.id, to.id]);
      expect(outcome.error).toBeNull();
      expect((await eventById(db, from.id)).current_participants).toBe(0);
      expect((await eventById(db, to.id)).current_participants).toBe(1);
    }));

  it('needs seats for all persons of the registration', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, to, participant } = await setUp(db);
      await insertParticipant(db, to.id, { email: 'a@example.ch' });
      await db.query('update public.participants set persons = 2 where id = $1', [participant.id]);
      const outcome = await db.as(admin, 'select public.admin_move_booking($1, $2)', [participant.id, to.id]);
      expect({ message: outcome.error?.message, detail: outcome.error?.detail }).toEqual({
        message: 'NOT_ENOUGH_SEATS',
        detail: '1',
      });
      await db.query('update public.participants set persons = 1 where id = $1', [participant.id]);
      expect(
        (await db.as(admin, 'select public.admin_move_booking($1, $2)', [participant.id, to.id])).error,
      ).toBeNull();
      expect((await eventById(db, to.id)).current_participants).toBe(2);
    }));

  it('refuses a full, cancelled, past or unknown target, and a cancelled booking', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, from, to, participant } = await setUp(db);
      await insertParticipant(db, to.id, { email: 'a@example.ch' });
      await insertParticipant(db, to.id, { email: 'b@example.ch' });
      const move = (eventId: string) =>
        db.as(admin, 'select public.admin_move_booking($1, $2)', [participant.id, eventId]);
      expect((await move(to.id)).error?.message).toBe('NOT_ENOUGH_SEATS');
      expect((await eventById(db, from.id)).current_participants).toBe(1);
      expect((await move((await insertEvent(db, { is_cancelled: true })).id)).error?.message).toBe(
        'EVENT_CANCELLED',
      );
      expect((await move((await insertEvent(db, { startInDays: -3 })).id)).error?.message).toBe('EVENT_PAST');
      expect((await move(randomUUID())).error?.message).toBe('EVENT_NOT_FOUND');

      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [participant.id]);
      expect((await move((await insertEvent(db)).id)).error?.message).toBe('TRANSITION_NOT_ALLOWED');
    }));
});

describe('admin_resend_confirmation', () => {
  it('queues the confirmation to the participant again', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant } = await setUp(db);
      const outcome = await db.as<{ id: string }>(
        admin,
        'select public.admin_resend_confirmation($1) as id',
        [participant.id],
      );
      expect(outcome.error).toBeNull();
      const [mail] = await db.query<{
        kind: string;
        recipient: string;
        state: string;
        participant_id: string;
      }>('select kind, recipient, state, participant_id from public.mail_outbox where id = $1', [
        outcome.rows[0]!.id,
      ]);
      expect(mail).toEqual({
        kind: 'participant_confirmation',
        recipient: participant.email,
        state: 'queued',
        participant_id: participant.id,
      });
      const unknown = await db.as(admin, 'select public.admin_resend_confirmation($1)', [randomUUID()]);
      expect(unknown.error?.message).toBe('PARTICIPANT_NOT_FOUND');
    }));
});
